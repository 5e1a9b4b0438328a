import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CpdTeam } from '../../api/schemas/cpd-team.schema';
import { waitFor } from '../testing/wait-for';
import { AT_RISK_TEAM, TEAM } from './cpd-team.fixtures';
import { cpdTeamMachine, type CpdTeamAsk } from './cpd-team.machine';
import { selectCpdTeamView } from './cpd-team.selectors';

// Behaviour with fake actors: the asks the server gets, and what the page shows.

function start({ failFirst = false, exportFails = false } = {}) {
  const asks: CpdTeamAsk[] = [];
  const exports: CpdTeamAsk[] = [];
  let calls = 0;
  const loadTeam = fromPromise<CpdTeam, CpdTeamAsk>(async ({ input }) => {
    asks.push(input);
    calls += 1;
    if (failFirst && calls === 1) throw new TypeError('Failed to fetch');
    return input.atRisk ? AT_RISK_TEAM : TEAM;
  });
  const exportCsv = fromPromise<void, CpdTeamAsk>(async ({ input }) => {
    exports.push(input);
    if (exportFails) throw new Error('offline');
  });
  const actor = createActor(cpdTeamMachine.provide({ actors: { loadTeam, exportCsv } })).start();
  return { actor, asks, exports };
}

describe('cpd-team machine', () => {
  it('loads everyone by name, then asks the server again for the at-risk filter and a sort', async () => {
    const { actor, asks } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectCpdTeamView(actor.getSnapshot()).rows).toEqual(TEAM.rows);
    actor.send({ type: 'filter.atRisk', atRisk: true });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectCpdTeamView(actor.getSnapshot()).rows.map((r) => r.agent_code)).toEqual(['agent03']);
    actor.send({ type: 'sort.select', sort: 'needed' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'sort.select', sort: 'needed' }); // the same sort asks nothing
    expect(asks).toEqual([
      { atRisk: false, sort: 'name' },
      { atRisk: true, sort: 'name' },
      { atRisk: true, sort: 'needed' },
    ]);
  });

  it('a failed load offers retry; an export failure is said and the list stays', async () => {
    const { actor, exports } = start({ failFirst: true, exportFails: true });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectCpdTeamView(actor.getSnapshot())).toMatchObject({ status: 'failed', canRetry: true, failure: { kind: 'generic' } });
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'export' });
    expect(selectCpdTeamView(actor.getSnapshot())).toMatchObject({ exporting: true, canExport: false });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(selectCpdTeamView(actor.getSnapshot())).toMatchObject({ exportFailed: true, rows: TEAM.rows, canExport: true });
    expect(exports).toEqual([{ atRisk: false, sort: 'name' }]);
  });

  it('a new export clears the last export failure; refresh reads the same ask again (a claim was decided)', async () => {
    let fail = true;
    const asks: CpdTeamAsk[] = [];
    const machine = cpdTeamMachine.provide({
      actors: {
        loadTeam: fromPromise<CpdTeam, CpdTeamAsk>(async ({ input }) => (asks.push(input), TEAM)),
        exportCsv: fromPromise<void, CpdTeamAsk>(async () => {
          if (fail) throw new Error('offline');
        }),
      },
    });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'export' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.exportFailed);
    fail = false;
    actor.send({ type: 'export' });
    expect(selectCpdTeamView(actor.getSnapshot()).exportFailed).toBe(false);
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(selectCpdTeamView(actor.getSnapshot()).exportFailed).toBe(false);
    actor.send({ type: 'refresh' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(asks).toEqual([{ atRisk: false, sort: 'name' }, { atRisk: false, sort: 'name' }]);
  });
});
