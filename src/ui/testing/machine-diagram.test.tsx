import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MachineDiagram, diagramNames, machineDiagramStory, readDiagram } from './machine-diagram';

// jsdom lays nothing out, so Mermaid cannot draw here: a stand-in records what it is asked to draw.
const mermaid = vi.hoisted(() => ({
  initialize: vi.fn(),
  render: vi.fn(async (id: string, source: string) => ({ svg: `<svg id="${id}" data-testid="drawn"><desc>${source.split('\n').length} lines</desc></svg>` })),
}));
vi.mock('mermaid', () => ({ default: mermaid }));

// The diagram stories read docs/machines/ at build time: every page is found, read and shown whole.
const folder = path.resolve(__dirname, '../../../docs/machines');
const pages = readdirSync(folder).filter((f) => f.endsWith('.md') && f !== 'README.md');
const edgeLines = (markdown: string) => markdown.split('\n').filter((l) => /^ {2}\S+ --> (?!\[\*\])\S+: /.test(l));

describe('machine diagrams in Storybook', () => {
  it('finds every page of docs/machines', () => {
    expect([...diagramNames].sort()).toEqual(pages.map((f) => f.replace(/\.md$/, '')).sort());
  });

  it.each(pages)('reads every transition and state of %s', (file) => {
    const markdown = readFileSync(path.join(folder, file), 'utf8');
    const { transitions, states, governs } = readDiagram(markdown);
    expect(transitions).toHaveLength(edgeLines(markdown).length);
    expect(states.length).toBeGreaterThan(1);
    expect(governs).not.toBe('');
  });

  it("shows quiz-attempt's eventless transitions by the states' names", () => {
    render(<MachineDiagram name="quiz-attempt" />);
    const rows = screen.getAllByRole('row').map((r) => within(r).queryAllByRole('cell').map((c) => c.textContent));
    expect(rows).toContainEqual(['finished', 'always', 'passed', 'passed']);
    expect(rows).toContainEqual(['finished', 'always', '', 'failed']);
    // A name used twice is drawn by its path, and shown by its name, inside its parent.
    expect(rows).toContainEqual(['offline', 'submitting', '', '']);
    expect(screen.getByTestId('mermaid-source').textContent).toContain('quizAttempt_submitting_offline');
  });

  it('makes a story of a diagram', () => {
    const story = machineDiagramStory('sign-in');
    render(<>{story.render?.({}, {} as never)}</>);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('State diagram: sign-in');
  });

  it("draws the page's Mermaid source as a picture, Mermaid in its strict mode with the dagre layout", async () => {
    const markdown = readFileSync(path.join(folder, 'offline-enrolment.md'), 'utf8');
    render(<MachineDiagram name="offline-enrolment" />);
    expect(await screen.findByTestId('drawn')).toBeTruthy();
    expect(mermaid.render).toHaveBeenCalledWith(expect.stringMatching(/^mermaid-/), readDiagram(markdown).mermaid);
    expect(mermaid.initialize).toHaveBeenCalledWith(expect.objectContaining({ startOnLoad: false, securityLevel: 'strict', layout: 'dagre' }));
    expect(screen.getByTestId('mermaid-picture').getAttribute('aria-busy')).toBe('false');
  });

  it('says so when Mermaid cannot draw a diagram, and still shows its tables', async () => {
    mermaid.render.mockRejectedValueOnce(new Error('Parse error on line 3'));
    render(<MachineDiagram name="quiz-attempt" />);
    expect((await screen.findByRole('alert')).textContent).toContain('Parse error on line 3');
    expect(screen.getAllByRole('row').length).toBeGreaterThan(10);
  });
});

// Mermaid is for Storybook only: imported lazily by the picture, which only stories and tests reach.
describe('Mermaid stays out of the app', () => {
  const src = path.resolve(__dirname, '../..');
  const files = (readdirSync(src, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f));
  const text = (f: string) => readFileSync(path.join(src, f), 'utf8');

  it('is imported by the picture alone, and only when it is shown', () => {
    // Tests (this one mocks it) never reach a bundle; every other file counts.
    const importing = files.filter((f) => !/\.test\.tsx?$/.test(f) && /from 'mermaid'|import\('mermaid'\)/.test(text(f)));
    expect(importing).toEqual(['ui/testing/mermaid-picture.tsx']);
    expect(text('ui/testing/mermaid-picture.tsx')).not.toMatch(/^import .* from 'mermaid'/m);
  });

  it('the diagram components are imported by stories and tests only', () => {
    const users = files.filter((f) => /from '[./]*(?:testing\/)?(?:machine-diagram|mermaid-picture)'/.test(text(f)));
    expect(users.length).toBeGreaterThan(30);
    expect(users.filter((f) => !/\.(stories|test)\.tsx$/.test(f) && !f.startsWith('ui/testing/'))).toEqual([]);
  });
});
