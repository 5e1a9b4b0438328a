// Renders a machine definition as a Mermaid state diagram, so docs/machines/ is generated from
// the code (and a test fails when a committed diagram no longer matches its machine).
import type { AnyStateMachine, AnyStateNode } from 'xstate';

// Delayed transitions are named by their delay (`after: { warningDelay: … }` → "after warningDelay").
const label = (eventType: string) =>
  eventType
    .replace(/^xstate\.done\.actor\.(.+)$/, 'done: $1')
    .replace(/^xstate\.error\.actor\.(.+)$/, 'error: $1')
    .replace(/^xstate\.after\.([^.]+)\..+$/, 'after $1');

export function toMermaid(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2'];
  const walk = (node: AnyStateNode, indent: string) => {
    const children = Object.values(node.states) as AnyStateNode[];
    if (node.initial?.target?.[0]) lines.push(`${indent}[*] --> ${node.initial.target[0].key}`);
    for (const child of children) {
      if (Object.keys(child.states).length) {
        lines.push(`${indent}state ${child.key} {`);
        walk(child, `${indent}  `);
        lines.push(`${indent}}`);
      }
      const tags = [...child.tags];
      const invoked = child.invoke.map((i: { src: unknown }) => String(i.src));
      if (tags.length || invoked.length) {
        lines.push(`${indent}${child.key}: ${child.key}${invoked.length ? `\\ninvokes ${invoked.join(', ')}` : ''}${tags.length ? `\\ntags ${tags.join(', ')}` : ''}`);
      }
      for (const [eventType, defs] of child.transitions) {
        for (const t of defs) {
          const targets = t.target?.length ? t.target.map((n: AnyStateNode) => n.key) : [child.key];
          const guard = t.guard ? ` [${typeof t.guard === 'string' ? t.guard : (t.guard as { type?: string }).type ?? 'guard'}]` : '';
          for (const target of targets) lines.push(`${indent}${child.key} --> ${target}: ${label(eventType)}${guard}`);
        }
      }
      if (child.type === 'final') lines.push(`${indent}${child.key} --> [*]`);
    }
  };
  walk(machine.root, '  ');
  return lines.join('\n');
}

export function diagramDocument(name: string, machine: AnyStateMachine, source: string): string {
  return [
    `# ${name}`,
    '',
    `Generated from \`${source}\` by \`src/machines/diagrams.test.ts\` (run it with \`UPDATE_DIAGRAMS=1\` to refresh).`,
    '',
    '```mermaid',
    toMermaid(machine),
    '```',
    '',
  ].join('\n');
}
