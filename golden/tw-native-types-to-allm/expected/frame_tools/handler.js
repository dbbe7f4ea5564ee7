// AnythingLLM skill `frame_tools`: a scaffold written by toolshift.
// The original implementation is frame_tools.py (python); port its logic here.
// AnythingLLM calls handler() with the parameters from plugin.json and passes the string it returns to the model.

module.exports.runtime = {
  handler: async function ({ frame, columns, weights, options, anything, untyped }) {
    const callerId = `${this.config.name}-v${this.config.version}`;
    try {
      this.introspect(`${callerId} was called`);
      // TODO: port the original implementation here and return its result as a string.
      return JSON.stringify({ error: "not implemented yet", arguments: { "frame": frame, "columns": columns, "weights": weights, "options": options, "anything": anything, "untyped": untyped } });
    } catch (error) {
      this.logger(error);
      return `${callerId} failed: ${error.message}`;
    }
  },
};
