import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { featureFiles, namesOf, registerFeature, registerRoutes } from '../../scripts/new-feature.mjs';
import { filesUnder, LAYER_FOLDERS, layerProblems, root } from './feature-layers';
import { FEATURES, LAYERS, type Layer } from './features';

// ADR 024: `npm run new:feature NAME` writes every layer of a feature in the pattern. This test
// checks what it writes without writing it: the files pass the layer test, the edits of the list and
// of server/app.ts land, and the TypeScript compiles (type-checked in memory against the repository).
// The generated tests themselves were run once by hand (see ADR 024).

const generated = featureFiles('vocab-probe') as Record<string, string>;

describe('npm run new:feature', () => {
  it('writes a file for every layer, and the layer test accepts the feature', () => {
    const everyLayer = Object.fromEntries(LAYERS.map((l) => [l, true])) as Record<Layer, true>;
    const files = [...filesUnder(root, LAYER_FOLDERS), ...Object.keys(generated)];
    expect(layerProblems(files, { ...FEATURES, 'vocab-probe': everyLayer })).toEqual([]);
    // Without the list entry, its files belong to no feature: the generator must add it.
    expect(layerProblems(files).some((p) => p.startsWith('src/api/schemas/vocab-probe.schema.ts'))).toBe(true);
    for (const lang of ['en', 'cn', 'zh']) expect(generated).toHaveProperty([`src/i18n/locales/${lang}/vocab-probe.json`]);
  });

  it('adds the feature to the list and its routes to the server app, once', () => {
    const list = registerFeature(readFileSync(path.join(root, 'tests/unit/features.ts'), 'utf8'), 'vocab-probe');
    expect(list).toContain("  'vocab-probe': { schema: true, contract: true, api: true, machine: true, route: true, ui: true, serverRoute: true, serverDomain: true, test: true },\n  // new:feature adds here");
    expect(() => registerFeature(list, 'vocab-probe')).toThrow('already listed');
    const app = registerRoutes(readFileSync(path.join(root, 'server/app.ts'), 'utf8'), 'vocab-probe');
    expect(app).toContain("import { registerVocabProbeRoutes } from './routes/vocab-probe.routes';");
    expect(app).toContain('  registerVocabProbeRoutes(app, services);\n  registerDemoRoutes(app, services);');
  });

  it('refuses a name that is not kebab-case', () => {
    expect(namesOf('learning-map')).toMatchObject({ camel: 'learningMap', pascal: 'LearningMap' });
    for (const bad of ['Vocab', 'vocab_cache', 'vocab-', '2fa']) expect(() => namesOf(bad)).toThrow('kebab-case');
  });

  it('the files it writes type-check against the repository', () => {
    const config = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
    const overlay = new Map(Object.entries(generated).map(([file, text]) => [path.join(root, file), text]));
    // The server app with the feature registered, so its route module is reached as in the repository.
    const appFile = path.join(root, 'server/app.ts');
    overlay.set(appFile, registerRoutes(readFileSync(appFile, 'utf8'), 'vocab-probe'));
    const host = ts.createCompilerHost(config.options);
    const { fileExists, readFile, getSourceFile, directoryExists } = host;
    host.directoryExists = (d) => [...overlay.keys()].some((f) => f.startsWith(`${d}/`)) || (directoryExists?.call(host, d) ?? ts.sys.directoryExists(d));
    host.fileExists = (f) => overlay.has(f) || fileExists.call(host, f);
    host.readFile = (f) => overlay.get(f) ?? readFile.call(host, f);
    host.getSourceFile = (f, lang, ...rest) => (overlay.has(f) ? ts.createSourceFile(f, overlay.get(f)!, lang) : getSourceFile.call(host, f, lang, ...rest));
    const roots = [...overlay.keys()].filter((f) => /\.tsx?$/.test(f));
    const program = ts.createProgram(roots, config.options, host);
    const errors = roots.flatMap((f) => ts.getPreEmitDiagnostics(program, program.getSourceFile(f)));
    expect(errors.map((d) => `${d.file?.fileName}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`)).toEqual([]);
  }, 120_000);
});
