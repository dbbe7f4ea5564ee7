// AnythingLLM skill `SendMessage`: a scaffold written by toolshift.
// The source manifest names no implementation; write one here.
// AnythingLLM calls handler() with the parameters from plugin.json and passes the string it returns to the model.

module.exports.runtime = {
  handler: async function ({ to, subject, priority, payload }) {
    const callerId = `${this.config.name}-v${this.config.version}`;
    // Setup arguments, entered in AnythingLLM's settings for this skill:
    const GOOGLE_ACCESS_TOKEN = this.runtimeArgs["GOOGLE_ACCESS_TOKEN"];
    try {
      this.introspect(`${callerId} was called`);
      // TODO: port the original implementation here and return its result as a string.
      return JSON.stringify({ error: "not implemented yet", arguments: { "to": to, "subject": subject, "priority": priority, "payload": payload } });
    } catch (error) {
      this.logger(error);
      return `${callerId} failed: ${error.message}`;
    }
  },
};
