// AnythingLLM skill `SendInvoice`: a scaffold written by toolshift.
// The source manifest names no implementation; write one here.
// AnythingLLM calls handler() with the parameters from plugin.json and passes the string it returns to the model.

module.exports.runtime = {
  handler: async function ({ invoice_id }) {
    const callerId = `${this.config.name}-v${this.config.version}`;
    // Setup arguments, entered in AnythingLLM's settings for this skill:
    const STRIPE_ACCESS_TOKEN = this.runtimeArgs["STRIPE_ACCESS_TOKEN"];
    const STRIPE_ACCESS_TOKEN_ = this.runtimeArgs["STRIPE_ACCESS_TOKEN_"];
    try {
      this.introspect(`${callerId} was called`);
      // TODO: port the original implementation here and return its result as a string.
      return JSON.stringify({ error: "not implemented yet", arguments: { "invoice_id": invoice_id } });
    } catch (error) {
      this.logger(error);
      return `${callerId} failed: ${error.message}`;
    }
  },
};
