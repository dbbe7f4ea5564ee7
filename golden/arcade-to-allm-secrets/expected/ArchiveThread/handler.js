// AnythingLLM skill `ArchiveThread`: a scaffold written by toolshift.
// The source manifest names no implementation; write one here.
// AnythingLLM calls handler() with the parameters from plugin.json and passes the string it returns to the model.

module.exports.runtime = {
  handler: async function ({ thread, labels }) {
    const callerId = `${this.config.name}-v${this.config.version}`;
    // Setup arguments, entered in AnythingLLM's settings for this skill:
    const MAIL_AUDIT_TOKEN = this.runtimeArgs["MAIL_AUDIT_TOKEN"];
    const GOOGLE_ACCESS_TOKEN = this.runtimeArgs["GOOGLE_ACCESS_TOKEN"];
    try {
      this.introspect(`${callerId} was called`);
      // TODO: port the original implementation here and return its result as a string.
      return JSON.stringify({ error: "not implemented yet", arguments: { "thread": thread, "labels": labels } });
    } catch (error) {
      this.logger(error);
      return `${callerId} failed: ${error.message}`;
    }
  },
};
