import type { StoryObj } from '@storybook/react-vite';
import { MermaidPicture } from './mermaid-picture';

// A machine's state diagram in Storybook, beside its view's stories (ADR 084, 095): read from
// docs/machines/<name>.md, which `npm run diagrams` generates from the machine definition (never
// copied by hand). It shows as the picture Mermaid draws (Mermaid loaded only then), its states,
// its transitions and its Mermaid source (GitHub draws the same source).
const documents = import.meta.glob<string>('../../../docs/machines/*.md', { query: '?raw', import: 'default', eager: true });

export const diagramNames = Object.keys(documents)
  .map((path) => path.slice(path.lastIndexOf('/') + 1, -'.md'.length))
  .filter((name) => name !== 'README');

interface DrawnState {
  id: string;
  label: string;
  parent: string;
  notes: string;
  initial: boolean;
  final: boolean;
}

interface DrawnTransition {
  from: string;
  event: string;
  guard: string;
  to: string;
}

/** The diagram's states and transitions, read from its Mermaid source (the generator's layout). */
export function readDiagram(markdown: string) {
  const mermaid = /```mermaid\n([\s\S]*?)```/.exec(markdown)?.[1].trim() ?? '';
  const governs = markdown.split('\n\n')[1]?.startsWith('Generated from') ? '' : (markdown.split('\n\n')[1] ?? '');
  const states = new Map<string, DrawnState>();
  const transitions: DrawnTransition[] = [];
  const stack: string[] = [];
  const state = (id: string) => {
    if (!states.has(id)) states.set(id, { id, label: id, parent: stack.at(-1) ?? '', notes: '', initial: false, final: false });
    return states.get(id)!;
  };
  for (const line of mermaid.split('\n').slice(1)) {
    const text = line.trim();
    const composite = /^state (\S+) \{$/.exec(text);
    const entry = /^\[\*\] --> (\S+)$/.exec(text);
    const final = /^(\S+) --> \[\*\]$/.exec(text);
    const edge = /^(\S+) --> (\S+): (.*?)(?: \[(.+)\])?$/.exec(text);
    const described = /^(\S+): (.+)$/.exec(text);
    if (composite) {
      state(composite[1]);
      stack.push(composite[1]);
    } else if (text === '}') stack.pop();
    else if (entry) state(entry[1]).initial = true;
    else if (final) state(final[1]).final = true;
    else if (edge) transitions.push({ from: edge[1], to: edge[2], event: edge[3], guard: edge[4] ?? '' });
    else if (described) {
      const [label, ...notes] = described[2].split(/<br\/>| · /);
      Object.assign(state(described[1]), { label, notes: notes.join('; ') });
    } else if (/^\S+$/.test(text) && text !== '--') state(text);
  }
  return { mermaid, governs, states: [...states.values()], transitions };
}

const cell = { border: '1px solid #ddd', padding: '4px 8px', textAlign: 'left' as const, verticalAlign: 'top' as const };

function Table({ head, rows }: { head: string[]; rows: string[][] }) {
  return (
    <table style={{ borderCollapse: 'collapse', marginBottom: 24 }}>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} style={cell}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            {row.map((value, j) => (
              <td key={j} style={cell}>
                {value}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function MachineDiagram({ name }: { name: string }) {
  const { mermaid, governs, states, transitions } = readDiagram(documents[`../../../docs/machines/${name}.md`] ?? '');
  const labelOf = (id: string) => states.find((s) => s.id === id)?.label ?? id;
  return (
    <article style={{ padding: 24, fontFamily: 'system-ui, sans-serif' }} data-testid="machine-diagram">
      <h1>State diagram: {name}</h1>
      {governs && <p>{governs}</p>}
      <p>
        From <code>docs/machines/{name}.md</code>, generated from the machine by <code>npm run diagrams</code>; how to read it:{' '}
        <code>docs/machines/README.md</code>.
      </p>
      <MermaidPicture source={mermaid} />
      <h2>States</h2>
      <Table
        head={['state', 'inside', 'kind', 'invokes / tags']}
        rows={states.map((s) => [
          s.label,
          s.parent ? labelOf(s.parent) : '',
          [s.initial ? 'initial' : '', s.final ? 'final' : ''].filter(Boolean).join(', '),
          s.notes,
        ])}
      />
      <h2>Transitions</h2>
      <Table head={['from', 'event', 'guard', 'to']} rows={transitions.map((t) => [labelOf(t.from), t.event, t.guard, labelOf(t.to)])} />
      <h2>Mermaid source</h2>
      <pre data-testid="mermaid-source" style={{ background: '#f6f8fa', padding: 16, overflow: 'auto' }}>
        {mermaid}
      </pre>
    </article>
  );
}

/** The story that shows a machine's diagram among its view's stories: `export const SignInDiagram = machineDiagramStory('sign-in')`
 * (Storybook names it from the export: "Sign In Diagram"). */
export function machineDiagramStory(name: string): StoryObj {
  return {
    render: () => <MachineDiagram name={name} />,
    parameters: { layout: 'fullscreen' },
  };
}
