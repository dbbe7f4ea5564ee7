module.exports.runtime = { handler: async function ({}) { return "ok"; } };
