import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { FEATURES, LAYERS, RETIRED, SHARED, type Layer } from './features';

// ADR 024: the checker behind feature-layers.test.ts (and new-feature.test.ts): one kebab-case name
// per feature across every layer, held to the list in ./features.ts both ways.

export const root = path.resolve(__dirname, '../..');

/** Every file under the given folders, relative to the repository, '/'-separated. */
export function filesUnder(base: string, folders: string[]): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    const abs = path.join(base, rel);
    if (!existsSync(abs)) return;
    for (const name of readdirSync(abs)) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const child = rel ? `${rel}/${name}` : name;
      if (statSync(path.join(base, child)).isDirectory()) walk(child);
      else out.push(child);
    }
  };
  for (const folder of folders) walk(folder);
  return out.sort();
}

const startsWithName = (stem: string, name: string) => stem === name || stem.startsWith(`${name}-`);
const baseOf = (file: string) => file.slice(file.lastIndexOf('/') + 1);
const isTest = (file: string) => /\.(test|spec)\.tsx?$/.test(file);

/** The file(s) of a layer for a feature name: the paths DESIGN §2 gives each layer. */
export const LAYER_FILES: Record<Layer, (name: string, files: string[]) => string[]> = {
  schema: (n, files) => files.filter((f) => f === `src/api/schemas/${n}.schema.ts`),
  contract: (n, files) => files.filter((f) => f === `src/api/schemas/${n}.routes.ts`),
  api: (n, files) => files.filter((f) => f === `src/api/${n}.api.ts`),
  machine: (n, files) => files.filter((f) => f === `src/machines/${n}/${n}.machine.ts`),
  // A page's route, or the actor that wires the machine inside a parent page (lesson runs several).
  route: (n, files) => files.filter((f) => f.startsWith('src/routes/') && (baseOf(f) === `${n}.route.tsx` || baseOf(f) === `${n}.actor.ts`)),
  // Its views: src/ui/<name>/…, or a view named after it in a shared folder (dialogs).
  ui: (n, files) =>
    files.filter((f) => f.startsWith('src/ui/') && /\.tsx$/.test(f) && !/\.(stories|test)\.tsx$/.test(f) && (f.startsWith(`src/ui/${n}/`) || startsWithName(baseOf(f).replace(/\.tsx$/, ''), n))),
  serverRoute: (n, files) => files.filter((f) => f === `server/routes/${n}.routes.ts`),
  serverDomain: (n, files) => files.filter((f) => f === `server/domain/${n}.ts`),
  test: (n, files) => files.filter((f) => isTest(f) && startsWithName(baseOf(f).split('.')[0], n)),
};

export const LAYER_FOLDERS = ['src/api', 'src/machines', 'src/routes', 'src/ui', 'src/platform', 'server/routes', 'server/domain', 'tests'];

/** What is wrong with the repository's files against the list (empty: nothing). */
export function layerProblems(files: string[], features: Record<string, Record<Layer, true | string>> = FEATURES): string[] {
  const problems: string[] = [];
  const names = Object.keys(features);
  const has = (layer: Layer) => names.filter((n) => features[n][layer] === true);

  // 1. Each feature has the file of each layer it lists; a layer declared absent has none.
  for (const name of names) {
    if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) problems.push(`${name}: not a kebab-case name`);
    for (const layer of LAYERS) {
      const found = LAYER_FILES[layer](name, files);
      const declared = features[name][layer];
      if (declared === true && found.length === 0) problems.push(`${name}: no ${layer} file (expected by the list)`);
      if (declared !== true && (typeof declared !== 'string' || declared.trim().length < 10)) problems.push(`${name}: ${layer} absent without a reason`);
      if (declared !== true && found.length > 0 && layer !== 'test' && layer !== 'ui' && layer !== 'route')
        problems.push(`${name}: ${layer} declared absent but ${found.join(', ')} exists (set it to true)`);
    }
  }

  // 2. Each file in a layer folder belongs to a listed feature (or a SHARED entry).
  const known = (stem: string, extra: Record<string, string>, pool = names) =>
    pool.some((n) => startsWithName(stem, n)) || Object.keys(extra).some((s) => startsWithName(stem, s));
  for (const file of files) {
    const parts = file.split('/');
    const base = baseOf(file);
    const stem = base.split('.')[0];
    if (file.startsWith('src/api/schemas/')) {
      if (!(stem in SHARED.schemas) && !names.includes(stem)) problems.push(`${file}: belongs to no listed feature`);
      if (/\.routes\.ts$/.test(base) && !has('contract').includes(stem)) problems.push(`${file}: a contract of a feature whose contract layer is not listed`);
      if (/\.schema\.ts$/.test(base) && !(stem in SHARED.schemas) && !has('schema').includes(stem)) problems.push(`${file}: a schema of a feature whose schema layer is not listed`);
    } else if (file.startsWith('src/api/')) {
      const top = parts[2].split('.')[0];
      if (!(top in SHARED.api) && !names.some((n) => startsWithName(top, n))) problems.push(`${file}: belongs to no listed feature`);
      if (/\.api\.ts$/.test(base) && !has('api').includes(stem)) problems.push(`${file}: an api of a feature whose api layer is not listed`);
    } else if (file.startsWith('src/platform/')) {
      const top = parts[2].split('.')[0];
      if (!(top in SHARED.platform)) problems.push(`${file}: src/platform holds no feature: list it in SHARED.platform (or move it to its feature)`);
    } else if (file.startsWith('src/machines/') && parts.length > 3) {
      const folder = parts[2];
      if (folder in SHARED.machines) continue;
      if (!has('machine').includes(folder)) problems.push(`${file}: src/machines/${folder} is no listed feature's machine`);
      else if (!startsWithName(stem, folder)) problems.push(`${file}: not named after its machine ${folder}`);
    } else if (file.startsWith('src/routes/') && parts.length > 3) {
      const folder = parts[2];
      if (!(folder in SHARED.routes) && !names.includes(folder)) problems.push(`${file}: src/routes/${folder} is no listed feature`);
      if (/\.(route\.tsx|actor\.ts|guard\.ts)$/.test(base) && !known(stem, SHARED.routes)) problems.push(`${file}: a route or actor of no listed feature`);
    } else if (file.startsWith('src/ui/') && parts.length > 3) {
      const folder = parts[2];
      if (!(folder in SHARED.ui) && !names.includes(folder)) problems.push(`${file}: src/ui/${folder} is no listed feature`);
      // In a shared folder (dialogs, layout …) a view is named after its feature; in a feature's folder its parts are free.
      if (folder in SHARED.ui && /-view\.tsx$/.test(base) && !known(stem.replace(/-view$/, ''), SHARED.ui)) problems.push(`${file}: a view of no listed feature`);
    } else if (file.startsWith('server/routes/') && /\.routes(\.test)?\.ts$/.test(base)) {
      // A feature's routes may have several test files: <feature>-<what>.routes.test.ts.
      const ok = /\.test\.ts$/.test(base) ? has('serverRoute').some((n) => startsWithName(stem, n)) : has('serverRoute').includes(stem);
      if (!ok) problems.push(`${file}: server routes of no listed feature (or its serverRoute layer is not listed)`);
    } else if (file.startsWith('server/domain/')) {
      if (!names.some((n) => startsWithName(stem, n))) problems.push(`${file}: server domain of no listed feature`);
    }
  }

  // 3. No former name in a layer folder.
  for (const file of files) {
    for (const { pattern, use } of RETIRED) if (pattern.test(file)) problems.push(`${file}: a former name (use ${use})`);
  }
  return problems;
}
