// AnythingLLM skill `currency_convert`: a scaffold written by toolshift.
// The original implementation is currency_convert.py (python); port its logic here.
// AnythingLLM calls handler() with the parameters from plugin.json and passes the string it returns to the model.

module.exports.runtime = {
  handler: async function ({ amount, source, target, round_to }) {
    const callerId = `${this.config.name}-v${this.config.version}`;
    try {
      this.introspect(`${callerId} was called`);
      // TODO: port the original implementation here and return its result as a string.
      return JSON.stringify({ error: "not implemented yet", arguments: { "amount": amount, "source": source, "target": target, "round_to": round_to } });
    } catch (error) {
      this.logger(error);
      return `${callerId} failed: ${error.message}`;
    }
  },
};
