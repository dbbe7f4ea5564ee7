module.exports.runtime = {
  handler: async function ({ count, sides }) {
    let total = 0;
    for (let i = 0; i < count; i += 1) total += 1 + Math.floor(Math.random() * sides);
    return String(total);
  },
};
