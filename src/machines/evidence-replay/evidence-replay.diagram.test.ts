import { describe, expect, it } from 'vitest';
import { REPLAY_MACHINES, REPLAY_TRANSITIONS } from '../../api/schemas/evidence-replay.schema';
import { diagramStates, pathAndAncestors } from './evidence-replay.diagram';
import { COURSE_REPLAY, DAY_REPLAY } from './evidence-replay.fixtures';

// ADR 097: the server names the states a record stands for (REPLAY_TRANSITIONS); each must be a
// real state node of the client machine, or the diagram would light nothing.

describe('evidence-replay diagram', () => {
  it('reads every machine’s state nodes from its definition, parents before children', () => {
    for (const m of REPLAY_MACHINES) {
      const states = diagramStates(m);
      expect(states.length).toBeGreaterThan(2);
      states.forEach((s, i) => {
        const parent = s.path.split('.').slice(0, -1).join('.');
        if (parent) expect(states.slice(0, i).some((p) => p.path === parent)).toBe(true);
        expect(s.depth).toBe(s.path.split('.').length - 1);
      });
    }
    expect(diagramStates('continual-auth').map((s) => s.path)).toEqual(expect.arrayContaining(['prompting', 'prompting.checking', 'prompting.done']));
  });

  it.each(Object.entries(REPLAY_TRANSITIONS))('%s lands on real states of its machine', (_, t) => {
    const paths = diagramStates(t.machine).map((s) => s.path);
    expect(paths).toContain(t.from);
    expect(paths).toContain(t.to);
  });

  it('the sample answers map each kind as the server does', () => {
    for (const s of [...DAY_REPLAY.steps, ...COURSE_REPLAY.steps]) {
      const t = REPLAY_TRANSITIONS[s.detail.kind];
      expect([s.machine, s.from_state, s.event, s.to_state]).toEqual([t.machine, t.from, t.event, t.to]);
    }
  });

  it('names a state’s ancestors', () => {
    expect(pathAndAncestors('item.viewing.open')).toEqual(['item', 'item.viewing', 'item.viewing.open']);
  });
});
