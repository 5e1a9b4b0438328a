// The expectation of the reading-note machine, written from the spec, not read from the machine:
// (state, event) → next state, or null when the event is refused (DESIGN §4).
export const readingNoteOracle = {
  loading: { retry: null, 'load.done': 'ready', 'load.error': 'failed' },
  ready: { retry: null },
  failed: { retry: 'loading' },
} as const satisfies Record<string, Record<string, string | null>>;
