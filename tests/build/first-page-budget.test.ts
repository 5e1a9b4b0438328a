import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeFigure, EARLY_SCRIPT, FIRST_PAGE_BUDGETS, FIRST_PAGE_GOAL_KB, firstPageFigures, pageScripts, type Manifest } from '../../build/first-page-budget';

// ADR 082, on the build that ships (dist/, as `npx vite build` left it; scripts/test-all.mjs runs
// this project right after the app build): React renders it, nothing of Preact is in it, and the
// first pages load no more scripts and bytes than their budget, read from the build's own chunk
// graph, so that a moved file or a new import cannot silently change what a first page downloads.
const dist = 'dist';
const manifestFile = path.join(dist, '.vite', 'manifest.json');

/** Every text file the build wrote (not the .br/.gz beside them). */
function builtTextFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => path.join(dir, f))
    .filter((f) => statSync(f).isFile() && /\.(js|mjs|css|html|json|svg|txt)$/.test(f));
}

describe('the built app (ADR 082)', () => {
  it('is built: run `npx vite build` before this project', () => {
    expect(existsSync(manifestFile), `${manifestFile} (build.manifest in vite.config.ts)`).toBe(true);
  });

  it("renders with React 19: the entry's scripts hold React's element symbol, and nothing built names Preact", () => {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    const entry = Object.values(manifest).find((c) => c.isEntry);
    expect(entry?.file).toMatch(/^assets\/index-[\w-]+\.js$/);
    // The entry and what it imports statically (React is in the chunk every first page shares, ADR 089).
    const code = pageScripts(manifest, [])
      .filter((file) => file !== EARLY_SCRIPT)
      .map((file) => readFileSync(path.join(dist, file), 'utf8'))
      .join('\n');
    // React 19's elements are Symbol.for("react.transitional.element"); react-dom 19's renderer is in the entry.
    expect(code).toMatch(/Symbol\.for\((["'`])react\.transitional\.element\1\)/);
    expect(code).toMatch(/rendererPackageName:(["'`])react-dom\1/);
    expect(code).toMatch(/reconcilerVersion:(["'`])19\./);
    const naming = builtTextFiles(dist).filter((f) => /preact/i.test(readFileSync(f, 'utf8')));
    expect(naming, 'built files that name Preact').toEqual([]);
  });

  it('names in route-hints.json only files the build wrote (ADR 043; Vite removes the chunks that hold only stylesheets)', () => {
    const hints = JSON.parse(readFileSync(path.join(dist, 'route-hints.json'), 'utf8')) as Array<{ pattern: string; scripts: string[]; styles: string[]; texts: Record<string, string[]> }>;
    expect(hints.length).toBeGreaterThan(0);
    for (const hint of hints) {
      const named = [...hint.scripts, ...hint.styles, ...Object.values(hint.texts).flat()];
      expect(named.filter((href) => !existsSync(path.join(dist, href))), hint.pattern).toEqual([]);
    }
  });

  it('loads /login and /main within their budgets of scripts and gzip bytes', () => {
    const figures = firstPageFigures(dist);
    console.log(['First pages (gzip, level 9):', ...figures.flatMap((f) => describeFigure(f))].join('\n'));
    for (const figure of figures) {
      const over = figure.scripts.length > FIRST_PAGE_BUDGETS[figure.path].scripts || figure.gzipBytes / 1024 > FIRST_PAGE_BUDGETS[figure.path].kb;
      // Over budget: each script's largest modules, so the next engineer sees what grew (ADR 089).
      if (over) console.log(describeFigure(figure, true).join('\n'));
      expect(figure.scripts.length, `${figure.path}: scripts`).toBeLessThanOrEqual(FIRST_PAGE_BUDGETS[figure.path].scripts);
      expect(figure.gzipBytes / 1024, `${figure.path}: KB gzip (issue 44's goal: ${FIRST_PAGE_GOAL_KB} KB)`).toBeLessThanOrEqual(FIRST_PAGE_BUDGETS[figure.path].kb);
    }
  });
});
