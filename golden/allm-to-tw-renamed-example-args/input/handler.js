module.exports.runtime = {
  handler: async function ({ from, to }) {
    return JSON.stringify({ from, to, rate: 1 });
  },
};
