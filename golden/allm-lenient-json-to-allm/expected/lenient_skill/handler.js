// AnythingLLM skill `lenient_skill`: a scaffold written by toolshift.
// The original handler.js was not found beside the manifest, and without handler.js AnythingLLM lists the skill but never attaches it.
// AnythingLLM calls handler() with the parameters from plugin.json and passes the string it returns to the model.

module.exports.runtime = {
  handler: async function ({ path }) {
    const callerId = `${this.config.name}-v${this.config.version}`;
    try {
      this.introspect(`${callerId} was called`);
      // TODO: port the original implementation here and return its result as a string.
      return JSON.stringify({ error: "not implemented yet", arguments: { "path": path } });
    } catch (error) {
      this.logger(error);
      return `${callerId} failed: ${error.message}`;
    }
  },
};
