// Mutation check of the machines (`npm run test:mutation`, ADR 022): each transition of a
// machine's definition is broken in turn (its target changed, its guard dropped, one of its
// actions dropped) and the machine's own tests must fail. The mutant is applied to the machine
// object in memory, before the tests import it, by `mutation-setup.ts` (a Vitest setup file used
// only when MUTANT_MODULE is set); `scripts/test-mutation.mjs` runs the tests once per mutant.
import type { AnyStateMachine } from 'xstate';

type Json = Record<string, unknown>;

export interface Mutant {
  /** Where and what: `signIn.failed on code.cancel[0]: target → signIn.failed`. */
  description: string;
  apply(config: Json): void;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Plain objects and arrays copied; functions and class instances shared. */
function clone<T>(value: T): T {
  if (Array.isArray(value)) return value.map(clone) as T;
  if (isObject(value) && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clone(v)])) as T;
  }
  return value;
}

interface Site {
  /** Keys from the root config to the state node. */
  statePath: string[];
  /** The state node's `#id` target. */
  stateId: string;
  siblings: string[];
  /** Label and accessor of the transition list inside the state config. */
  label: string;
  get(state: Json): unknown;
  set(state: Json, value: unknown): void;
}

function nodeAt(config: Json, path: string[]): Json {
  let node = config;
  for (const key of path) node = (node.states as Json)[key] as Json;
  return node;
}

function sites(config: Json): Site[] {
  const out: Site[] = [];
  const visit = (state: Json, path: string[], id: string, siblings: string[]) => {
    const add = (label: string, get: (s: Json) => unknown, set: (s: Json, v: unknown) => void) =>
      out.push({ statePath: path, stateId: id, siblings, label, get, set });
    for (const kind of ['on', 'after'] as const) {
      const map = state[kind];
      if (isObject(map)) {
        for (const key of Object.keys(map)) {
          add(`${kind === 'on' ? 'on' : 'after'} ${key}`, (s) => (s[kind] as Json)[key], (s, v) => ((s[kind] as Json)[key] = v));
        }
      }
    }
    if (state.always !== undefined) add('always', (s) => s.always, (s, v) => (s.always = v));
    if (state.onDone !== undefined) add('onDone', (s) => s.onDone, (s, v) => (s.onDone = v));
    const invokes = Array.isArray(state.invoke) ? state.invoke : state.invoke ? [state.invoke] : [];
    invokes.forEach((inv, i) => {
      const at = (s: Json) => (Array.isArray(s.invoke) ? (s.invoke as Json[])[i] : (s.invoke as Json));
      for (const k of ['onDone', 'onError'] as const) {
        if ((inv as Json)[k] !== undefined) add(`invoke ${String((inv as Json).id ?? (inv as Json).src)} ${k}`, (s) => at(s)[k], (s, v) => (at(s)[k] = v));
      }
    });
    const children = isObject(state.states) ? Object.keys(state.states) : [];
    for (const key of children) {
      const child = (state.states as Json)[key] as Json;
      visit(child, [...path, key], typeof child.id === 'string' ? child.id : `${id}.${key}`, children);
    }
  };
  const rootId = typeof config.id === 'string' ? config.id : '(machine)';
  visit(config, [], rootId, []);
  return out;
}

const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);
const asObject = (v: unknown): Json => (typeof v === 'string' ? { target: v } : isObject(v) ? v : {});
const actionName = (a: unknown, i: number): string =>
  typeof a === 'string' ? a : isObject(a) && typeof a.type === 'string' ? a.type : `inline action #${i}`;

/** Every mutant of a machine's definition, in a fixed order (the index names a mutant). */
export function mutantsOf(machine: AnyStateMachine): Mutant[] {
  const config = machine.config as unknown as Json;
  const out: Mutant[] = [];
  for (const site of sites(config)) {
    const list = asList(site.get(nodeAt(config, site.statePath)));
    const where = `${site.statePath.join('.') || '(root)'} ${site.label}`;
    list.forEach((raw, index) => {
      const t = asObject(raw);
      const edit = (change: (t: Json) => void) => (c: Json) => {
        const state = nodeAt(c, site.statePath);
        const items = asList(site.get(state)).map((x) => ({ ...asObject(x) }));
        change(items[index]);
        site.set(state, Array.isArray(site.get(state)) ? items : items[0]);
      };
      const name = `${where}[${index}]`;
      // Target changed: a transition with a target stays in its source instead; one without a
      // target (actions only) goes to a sibling state.
      const target = Array.isArray(t.target) ? t.target.join(',') : (t.target as string | undefined);
      const own = site.statePath.at(-1);
      const isSelf = target !== undefined && (target === own || target === `#${site.stateId}`);
      if (target !== undefined && !isSelf && site.statePath.length > 0) {
        out.push({ description: `${name}: target ${target} → stays in ${own}`, apply: edit((x) => (x.target = `#${site.stateId}`)) });
      } else {
        const other = site.siblings.find((s) => s !== own && s !== target);
        if (other) out.push({ description: `${name}: target ${target ?? '(none)'} → ${other}`, apply: edit((x) => ((x.target = other), (x.reenter = true))) });
      }
      if (t.guard !== undefined) {
        const guard = typeof t.guard === 'string' ? t.guard : isObject(t.guard) ? String(t.guard.type) : 'inline guard';
        out.push({ description: `${name}: guard ${guard} dropped`, apply: edit((x) => delete x.guard) });
      }
      const actions = t.actions === undefined ? [] : asList(t.actions);
      actions.forEach((a, i) => {
        out.push({
          description: `${name}: action ${actionName(a, i)} dropped`,
          apply: edit((x) => (x.actions = actions.filter((_, j) => j !== i))),
        });
      });
    });
  }
  return out;
}

/** Replaces the machine's definition, in place, by mutant `index` of it: every importer of the
 * machine (and every `machine.provide(...)`, which rebuilds from `config`) sees the mutant. */
export function applyMutant(machine: AnyStateMachine, index: number): Mutant {
  const mutant = mutantsOf(machine)[index];
  if (!mutant) throw new Error(`no mutant #${index}`);
  const config = clone(machine.config as unknown as Json);
  mutant.apply(config);
  const target = machine as unknown as Json;
  target.config = config;
  const fresh = machine.provide({}) as unknown as Json;
  for (const key of ['root', 'states', 'events', 'idMap']) target[key] = fresh[key];
  return mutant;
}
