// A machine read as XState v5 builds it: its state nodes and every transition declared on them,
// each with its source, targets, event and guard named as an auditor reads them. The diagram
// generator (diagram.ts) draws this list; anything else that draws or replays a machine (an
// auditor's replay, mutation reports) reads the same list rather than walking the nodes again.
// ADR 084, ADR 095.
//
// What XState keeps where (5.x): `StateNode.transitions` has the ordinary events, the delayed
// ones (`xstate.after.<delay>.<id>`), the done / error / snapshot of invoked actors
// (`xstate.done.actor.<id>` …) and a compound state's own end (`xstate.done.state.<id>`);
// `StateNode.always` has the eventless ones. The root node is included: its `on` is taken in
// any state.
import type { AnyStateMachine, AnyStateNode } from 'xstate';

/** What makes the transition happen. */
export type TransitionKind = 'event' | 'always' | 'after' | 'done' | 'error' | 'snapshot' | 'state-done';

export interface MachineTransition {
  /** The state node it is declared on (taken while that node is active). */
  source: AnyStateNode;
  /** Where it goes; empty when it has no target (the event is handled in place: actions only). */
  targets: AnyStateNode[];
  kind: TransitionKind;
  /** XState's event type: '' for an eventless one, `xstate.after.…` for a delayed one, … */
  eventType: string;
  /** The event as a diagram names it: `retry`, `always`, `after 500ms`, `after warningDelay`,
   * `done: loadCourse`, `error: loadCourse`, `snapshot: x`, `done` (a compound state's end). */
  event: string;
  /** The guard by name (`isA`, `!isA`, `isA && (b || c)`), undefined when it has none. */
  guard?: string;
  /** The actions it runs, by name (an inline action is `inline action`). */
  actions: string[];
  /** Declared `reenter: true` (leaves and enters its source again). */
  reenter: boolean;
}

interface RawTransition {
  eventType: string;
  target?: readonly AnyStateNode[];
  guard?: unknown;
  delay?: number | string;
  actions?: readonly unknown[];
  reenter?: boolean;
}

type GuardFunction = ((...args: never[]) => unknown) & { guards?: unknown[]; stateValue?: unknown };

/** A guard by name: `name`, `!name`, `a && b`, `a || b`; an inline function has none. */
export function guardLabel(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const fn = guard as GuardFunction;
    const inner = (g: unknown) => {
      const text = guardLabel(g);
      return /\s/.test(text) ? `(${text})` : text;
    };
    if (fn.guards && fn.name === 'not') return `!${inner(fn.guards[0])}`;
    if (fn.guards && fn.name === 'and') return fn.guards.map(inner).join(' && ');
    if (fn.guards && fn.name === 'or') return fn.guards.map(inner).join(' || ');
    if (fn.name === 'stateIn') return `in ${JSON.stringify(fn.stateValue)}`;
    return 'inline guard';
  }
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'guard';
}

function actionLabel(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'object' && action !== null && 'type' in action) return String((action as { type: unknown }).type);
  if (typeof action === 'function' && 'type' in action && typeof action.type === 'string') return action.type; // assign(), raise() …
  return 'inline action';
}

const toArray = <T,>(value: T | readonly T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? [...(value as T[])] : [value as T]);

/** How an invocation is named on its done / error edges: its id, or its `src` when it has none
 * (XState's own id for it, `0.quiz.prompt.stopped`, says nothing to a reader). */
function invocationName(node: AnyStateNode, id: string): string {
  const configs = toArray(node.config.invoke as { id?: string; src: unknown } | Array<{ id?: string; src: unknown }> | undefined);
  const index = node.invoke.findIndex((i: { id: string }) => i.id === id);
  const config = configs[index];
  if (!config) return id;
  return config.id ?? (typeof config.src === 'string' ? config.src : String(node.invoke[index].src));
}

function kindAndEvent(node: AnyStateNode, t: RawTransition): { kind: TransitionKind; event: string } {
  const type = t.eventType;
  if (type === '') return { kind: 'always', event: 'always' };
  if (type.startsWith('xstate.after.')) return { kind: 'after', event: `after ${typeof t.delay === 'number' ? `${t.delay}ms` : String(t.delay)}` };
  const actor = /^xstate\.(done\.actor|error\.actor|snapshot)\.(.+)$/.exec(type);
  if (actor) {
    const kind = ({ 'done.actor': 'done', 'error.actor': 'error', snapshot: 'snapshot' } as const)[actor[1] as 'done.actor'];
    return { kind, event: `${kind}: ${invocationName(node, actor[2])}` };
  }
  if (type === `xstate.done.state.${node.id}`) return { kind: 'state-done', event: 'done' };
  return { kind: 'event', event: type };
}

/** Every state node of the machine, the root first, each before its children (document order). */
export const machineStates = (machine: AnyStateMachine): AnyStateNode[] => {
  const walk = (node: AnyStateNode): AnyStateNode[] => [node, ...(Object.values(node.states) as AnyStateNode[]).flatMap(walk)];
  return walk(machine.root);
};

/** Every transition of the machine, in the order XState tries them: by state (document order),
 * then its events as declared, then its eventless ones; guarded alternatives of one event in turn. */
export function machineTransitions(machine: AnyStateMachine): MachineTransition[] {
  return machineStates(machine).flatMap((source) => {
    const raw = [...([...source.transitions.values()].flat() as RawTransition[]), ...((source.always ?? []) as RawTransition[])];
    return raw.map((t) => ({
      source,
      targets: [...(t.target ?? [])],
      ...kindAndEvent(source, t),
      eventType: t.eventType,
      guard: t.guard === undefined ? undefined : guardLabel(t.guard),
      actions: (t.actions ?? []).map(actionLabel),
      reenter: t.reenter === true,
    }));
  });
}
