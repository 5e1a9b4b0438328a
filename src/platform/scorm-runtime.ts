// Issue 13, ADR 029: scorm-again (the SCORM 1.2 and 2004 runtime), loaded lazily: its chunks are
// fetched the first time a package opens, never on the first page.

export type ApiClass = new (settings: Record<string, unknown>) => unknown;
export interface Library {
  Scorm12API: ApiClass;
  Scorm2004API: ApiClass;
}
/** The class a module of scorm-again exports (3.4.3: a named export; its types say default). */
const classOf = (module: unknown, name: string): ApiClass => {
  const m = module as Record<string, ApiClass | undefined>;
  const found = m[name] ?? m.default;
  if (!found) throw new Error(`scorm-again: ${name} is missing`);
  return found;
};
let library: Promise<Library> | undefined;
/** scorm-again, fetched the first time a package opens (its own chunks: not on the first page). */
export function loadScormLibrary(): Promise<Library> {
  library ??= Promise.all([import('scorm-again/scorm12'), import('scorm-again/scorm2004')]).then(([a, b]) => ({
    Scorm12API: classOf(a, 'Scorm12API'),
    Scorm2004API: classOf(b, 'Scorm2004API'),
  }));
  // A chunk that could not be fetched (offline) is fetched again by the next launch.
  library.catch(() => {
    library = undefined;
  });
  return library;
}

