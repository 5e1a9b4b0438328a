import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MachineDiagram, diagramNames, machineDiagramStory, readDiagram } from './machine-diagram';

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
});
