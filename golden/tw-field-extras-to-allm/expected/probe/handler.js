// AnythingLLM skill `probe`: a scaffold written by toolshift.
// The original implementation is probe.py (python); port its logic here.
// AnythingLLM calls handler() with the parameters from plugin.json and passes the string it returns to the model.

module.exports.runtime = {
  handler: async function ({ a, b }) {
    const callerId = `${this.config.name}-v${this.config.version}`;
    try {
      this.introspect(`${callerId} was called`);
      // TODO: port the original implementation here and return its result as a string.
      return JSON.stringify({ error: "not implemented yet", arguments: { "a": a, "b": b } });
    } catch (error) {
      this.logger(error);
      return `${callerId} failed: ${error.message}`;
    }
  },
};
