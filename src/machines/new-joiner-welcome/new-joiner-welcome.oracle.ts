// The expectation of the new-joiner-welcome machine, written from the spec, not read from the machine:
// (state, event) → next state, or null when the event is refused (DESIGN §4).
export const newJoinerWelcomeOracle = {
  loading: { retry: null, 'load.done': 'ready', 'load.error': 'failed' },
  ready: { retry: null },
  failed: { retry: 'loading' },
} as const satisfies Record<string, Record<string, string | null>>;
