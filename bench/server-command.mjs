// The server as `npm start` runs it (package.json; server-command.test.ts holds the two together):
// node with a 64 MB young generation semi-space (ADR 049), TypeScript through tsx, server/main.ts.
// The benches start it the same way, so their figures are those of the product as deployed.

/** V8's flags of the server process; node:cluster's workers inherit them (they fork with its execArgv). */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];

/** The arguments after `node` that run the server. */
export const SERVER_ARGS = [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server/main.ts'];
