/** One language's catalogue: namespace → keys. */
export type Catalogue = Record<string, Record<string, unknown>>;

/** Turns the modules of `import.meta.glob('…/locales/<lang>/<ns>.json')` into a catalogue. */
export function collect(files: Record<string, { default: Record<string, unknown> }>): Catalogue {
  const catalogue: Catalogue = {};
  for (const [path, mod] of Object.entries(files)) {
    const match = /\/locales\/\w+\/([\w-]+)\.json$/.exec(path);
    if (match) catalogue[match[1]] = mod.default;
  }
  return catalogue;
}
