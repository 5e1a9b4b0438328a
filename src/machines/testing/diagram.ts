// Renders a machine definition as a Mermaid state diagram, so docs/machines/ is generated from
// the code (and a test fails when a committed diagram no longer matches its machine). ADR 084, 095.
//
// What it draws, from XState v5's state nodes as `machineTransitions` (machine-transitions.ts)
// reads them (`machine.root`, `StateNode.transitions`, `.always`):
// - the machine itself as the outer composite state (named by the machine's id), so the
//   transitions declared on the root (`on` of the machine: taken in any state) have a source;
// - every compound state as a composite with `[*] --> initial` (the entry into its initial state),
//   every parallel state's regions separated by `--`, every final state as `state --> [*]`;
// - every transition, one line per target: ordinary events, eventless (`always`), delayed
//   (`after <delay>`), done / error / snapshot of invoked actors (`done: <invocation>`), done of a
//   compound state (`done`), each with its guard by name (`[guard]`, `[!a]`, `[a && b]`). A
//   transition without a target (actions only) is drawn as a loop on its state.
// Mermaid's state ids are global, so a state's id is its key, or its path joined by `_` when the
// key is used twice in the machine; its label is always its key. The structure comes first (each
// state declared in its parent's block: Mermaid puts a state where it is first named) and the
// transitions after it, at the top level.
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { machineStates, machineTransitions } from './machine-transitions';

export { guardLabel } from './machine-transitions';

/** Mermaid ids: the key where it is unique in the machine, else the path joined by `_`. Exported
 * so whatever highlights a state on a drawn diagram (a replay) names it as the diagram does. */
export function diagramIds(machine: AnyStateMachine): Map<AnyStateNode, string> {
  const nodes = machineStates(machine);
  const keyOf = (n: AnyStateNode) => (n.parent ? n.key : machine.id);
  const count = new Map<string, number>();
  for (const n of nodes) count.set(keyOf(n), (count.get(keyOf(n)) ?? 0) + 1);
  const ids = new Map<AnyStateNode, string>();
  for (const n of nodes) {
    const id = (count.get(keyOf(n)) === 1 ? keyOf(n) : [machine.id, ...n.path].join('_')).replace(/[^A-Za-z0-9_]/g, '_');
    if ([...ids.values()].includes(id)) throw new Error(`Two states of ${machine.id} would be drawn as ${id}`);
    ids.set(n, id);
  }
  return ids;
}

export function toMermaid(machine: AnyStateMachine): string {
  const ids = diagramIds(machine);
  const id = (n: AnyStateNode) => ids.get(n)!;
  const label = (n: AnyStateNode, joiner: string) => {
    const name = n.parent ? n.key : machine.id;
    const invoked = n.invoke.map((i: { src: unknown }) => String(i.src));
    const parts = [
      n.type === 'parallel' ? `${name} (parallel)` : name,
      ...(invoked.length ? [`invokes ${invoked.join(', ')}`] : []),
      ...(n.tags.length ? [`tags ${[...n.tags].join(', ')}`] : []),
    ];
    return parts.join(joiner);
  };
  const lines = ['stateDiagram-v2'];
  const declare = (n: AnyStateNode, indent: string) => {
    const composite = Object.keys(n.states).length > 0;
    if (composite) {
      lines.push(`${indent}state ${id(n)} {`);
      body(n, `${indent}  `);
      lines.push(`${indent}}`);
    } else {
      lines.push(`${indent}${id(n)}`);
    }
    // Mermaid shows a state's description in place of its id; a composite shows one line only.
    const text = label(n, composite ? ' · ' : '<br/>');
    if (text !== id(n)) lines.push(`${indent}${id(n)}: ${text}`);
    if (n.type === 'final') lines.push(`${indent}${id(n)} --> [*]`);
  };
  const body = (n: AnyStateNode, indent: string) => {
    const children = Object.values(n.states) as AnyStateNode[];
    if (n.type === 'parallel') {
      children.forEach((region, i) => {
        if (i > 0) lines.push(`${indent}--`);
        declare(region, indent);
      });
      return;
    }
    const initial = n.initial?.target?.[0] as AnyStateNode | undefined;
    if (initial) lines.push(`${indent}[*] --> ${id(initial)}`);
    for (const child of children) declare(child, indent);
  };
  lines.push(`  [*] --> ${id(machine.root)}`);
  declare(machine.root, '  ');
  for (const t of machineTransitions(machine)) {
    const guard = t.guard === undefined ? '' : ` [${t.guard}]`;
    // A transition without a target is drawn as a loop: it runs its actions (context an auditor
    // follows: an answer kept, terms ticked) or, without any, keeps a parent's handler from
    // taking the event; either way the event does something in that state.
    const targets = t.targets.length ? t.targets : [t.source];
    for (const target of targets) lines.push(`  ${id(t.source)} --> ${id(target)}: ${t.event}${guard}`);
  }
  return lines.join('\n');
}

export function diagramDocument(name: string, machine: AnyStateMachine, source: string, governs?: string): string {
  return [
    `# ${name}`,
    '',
    ...(governs ? [governs, ''] : []),
    `Generated from \`${source}\` by \`src/machines/diagrams.test.ts\` (\`npm run diagrams\` refreshes it; the test fails when it differs from the machine). How to read it: [README](README.md).`,
    '',
    '```mermaid',
    toMermaid(machine),
    '```',
    '',
  ].join('\n');
}
