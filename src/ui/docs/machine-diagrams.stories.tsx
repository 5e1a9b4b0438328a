import type { Meta, StoryObj } from '@storybook/react-vite';

// The state diagrams of docs/machines/ (generated from the machine definitions by
// `npm run diagrams`). Mermaid itself is a heavy renderer kept out of the project: each diagram
// shows as its transition table and its Mermaid source.
const documents = import.meta.glob<string>('../../../docs/machines/*.md', { query: '?raw', import: 'default', eager: true });

interface Transition {
  from: string;
  to: string;
  event: string;
  guard: string;
}

function mermaidOf(markdown: string): string {
  return /```mermaid\n([\s\S]*?)```/.exec(markdown)?.[1].trim() ?? '';
}

function transitionsOf(mermaid: string): Transition[] {
  return mermaid
    .split('\n')
    .map((line) => /^\s*(\S+) --> (\S+?)(?:: (.*?))?(?: \[(.+)\])?$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map(([, from, to, event = '', guard = '']) => ({ from, to, event, guard }));
}

function MachineDiagram({ name }: { name: string }) {
  const markdown = documents[`../../../docs/machines/${name}.md`] ?? '';
  const mermaid = mermaidOf(markdown);
  const cell = { border: '1px solid #ddd', padding: '4px 8px', textAlign: 'left' as const };
  return (
    <article style={{ padding: 24, fontFamily: 'system-ui, sans-serif' }}>
      <h1>{name}</h1>
      <p>
        From <code>docs/machines/{name}.md</code>; regenerate with <code>npm run diagrams</code>.
      </p>
      <table style={{ borderCollapse: 'collapse', marginBottom: 24 }}>
        <thead>
          <tr>
            {['from', 'event', 'guard', 'to'].map((h) => (
              <th key={h} style={cell}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {transitionsOf(mermaid).map((t, i) => (
            <tr key={i}>
              <td style={cell}>{t.from}</td>
              <td style={cell}>{t.event}</td>
              <td style={cell}>{t.guard}</td>
              <td style={cell}>{t.to}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <pre data-testid="mermaid-source" style={{ background: '#f6f8fa', padding: 16, overflow: 'auto' }}>
        {mermaid}
      </pre>
    </article>
  );
}

const meta = {
  title: 'Docs/Machine diagrams',
  component: MachineDiagram,
  args: { name: 'session' },
} satisfies Meta<typeof MachineDiagram>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Session: Story = { args: { name: 'session' } };
export const IdleTimeout: Story = { args: { name: 'idle-timeout' } };
export const SignIn: Story = { args: { name: 'sign-in' } };
export const ChangePassword: Story = { args: { name: 'change-password' } };
export const ForgotPassword: Story = { args: { name: 'forgot-password' } };
