// AnythingLLM skill `invoice_lookup`: a scaffold written by toolshift.
// The original implementation is invoice_lookup.py (python); port its logic here.
// AnythingLLM calls handler() with the parameters from plugin.json and passes the string it returns to the model.

module.exports.runtime = {
  handler: async function ({ customer, days, min_total, include_paid }) {
    const callerId = `${this.config.name}-v${this.config.version}`;
    // Setup arguments, entered in AnythingLLM's settings for this skill:
    const endpoint = this.runtimeArgs["endpoint"];
    const api_key = this.runtimeArgs["api_key"];
    const accounting_password = this.runtimeArgs["accounting_password"];
    const page_size = this.runtimeArgs["page_size"];
    try {
      this.introspect(`${callerId} was called`);
      // TODO: port the original implementation here and return its result as a string.
      return JSON.stringify({ error: "not implemented yet", arguments: { "customer": customer, "days": days, "min_total": min_total, "include_paid": include_paid } });
    } catch (error) {
      this.logger(error);
      return `${callerId} failed: ${error.message}`;
    }
  },
};
