// A hand-written handler: toolshift must copy it unchanged.
module.exports.runtime = {
  handler: async function ({ city, units }) {
    const key = this.runtimeArgs["WEATHER_API_KEY"];
    return `weather for ${city} in ${units || "metric"} (key set: ${Boolean(key)})`;
  },
};
