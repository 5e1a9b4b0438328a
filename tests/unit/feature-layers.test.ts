import { describe, expect, it } from 'vitest';
import { filesUnder, LAYER_FILES, LAYER_FOLDERS, layerProblems, root } from './feature-layers';
import { FEATURES, LAYERS } from './features';

// ADR 024: one kebab-case name per feature across every layer, so `git ls-files | grep <feature>`
// shows all of it. This test holds the code to the list in ./features.ts both ways: each listed
// layer of a feature has its file (and a layer declared absent has none), and each file in a layer
// folder belongs to a listed feature (or to a SHARED entry that says why), under no former name.

describe('feature layers (ADR 024)', () => {
  const files = filesUnder(root, LAYER_FOLDERS);

  it('every listed feature has each layer it lists, every layer file belongs to a listed feature, no former names', () => {
    expect(layerProblems(files)).toEqual([]);
  });

  it('catches a missing layer file, a stray file, an absent layer without a reason, and a former name', () => {
    const without = files.filter((f) => f !== 'src/machines/news/news.machine.ts' && f !== 'server/routes/news.routes.ts');
    expect(layerProblems(without)).toContain('news: no serverRoute file (expected by the list)');
    expect(layerProblems([...files, 'src/api/schemas/discussions.schema.ts'])).toContain('src/api/schemas/discussions.schema.ts: belongs to no listed feature');
    expect(layerProblems([...files, 'src/platform/discussions.ts'])).toContain(
      'src/platform/discussions.ts: src/platform holds no feature: list it in SHARED.platform (or move it to its feature)',
    );
    expect(layerProblems([...files, 'src/routes/login/login.route.tsx'])).toEqual(
      expect.arrayContaining(['src/routes/login/login.route.tsx: src/routes/login is no listed feature', 'src/routes/login/login.route.tsx: a former name (use sign-in)']),
    );
    expect(layerProblems(files, { ...FEATURES, news: { ...FEATURES.news, machine: '' } })).toContain('news: machine absent without a reason');
    expect(layerProblems(files, { ...FEATURES, news: { ...FEATURES.news, serverDomain: 'no domain, it says' } })).toContain(
      'news: serverDomain declared absent but server/domain/news.ts exists (set it to true)',
    );
  });

  it('`git ls-files | grep <feature>` shows each listed layer: every layer file carries the name', () => {
    for (const [name, layers] of Object.entries(FEATURES)) {
      for (const layer of LAYERS) {
        if (layers[layer] !== true) continue;
        for (const file of LAYER_FILES[layer](name, files)) expect(file, `${name} ${layer}`).toContain(name);
      }
    }
  });
});
