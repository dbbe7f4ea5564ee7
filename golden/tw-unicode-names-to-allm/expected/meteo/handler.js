// AnythingLLM skill `meteo`: a scaffold written by toolshift.
// The original implementation is meteo.py (python); port its logic here.
// AnythingLLM calls handler() with the parameters from plugin.json and passes the string it returns to the model.

module.exports.runtime = {
  handler: async function ({ été, ville_départ, été_ }) {
    const callerId = `${this.config.name}-v${this.config.version}`;
    try {
      this.introspect(`${callerId} was called`);
      // TODO: port the original implementation here and return its result as a string.
      return JSON.stringify({ error: "not implemented yet", arguments: { "été": été, "ville_départ": ville_départ, "été_": été_ } });
    } catch (error) {
      this.logger(error);
      return `${callerId} failed: ${error.message}`;
    }
  },
};
