module.exports.runtime = {
  handler: async function ({ title }) {
    return `Looked up ${title}`;
  },
};
