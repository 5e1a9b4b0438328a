/** bench/server-command.mjs, typed for the TypeScript test that holds it to package.json. */
export declare const SERVER_NODE_FLAGS: readonly string[];
export declare const SERVER_ARGS: readonly string[];
