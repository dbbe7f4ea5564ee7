// AnythingLLM skill `Notify`: a scaffold written by toolshift.
// The source manifest names no implementation; write one here.
// AnythingLLM calls handler() with the parameters from plugin.json and passes the string it returns to the model.

module.exports.runtime = {
  handler: async function ({ customer, channels, tone }) {
    const callerId = `${this.config.name}-v${this.config.version}`;
    try {
      this.introspect(`${callerId} was called`);
      // TODO: port the original implementation here and return its result as a string.
      return JSON.stringify({ error: "not implemented yet", arguments: { "customer": customer, "channels": channels, "tone": tone } });
    } catch (error) {
      this.logger(error);
      return `${callerId} failed: ${error.message}`;
    }
  },
};
