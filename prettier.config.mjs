// The tree's format: the style it was written in (single quotes, trailing commas, two spaces) at 140
// columns, the width the team's rules set. `npm run format` writes it, `npm run format:check` checks it.
/** @type {import('prettier').Config} */
export default {
  printWidth: 140,
  singleQuote: true,
};
