import { getEvidenceReplayRoute } from '../../src/api/schemas/evidence-replay.routes';
import { cpdConfig, logLedgerRead } from '../domain/cpd-ledger';
import { periodOf, periodOfDay } from '../domain/cpd-period';
import { assertReplayAuditor, evidenceReplay } from '../domain/evidence-replay';
import { langOf } from '../http/context';
import { defineRoute } from '../http/define-route';
import type { ApiApp, AppServices } from '../http/services';

/** Issue 46, ADR 097: the auditor's replay of a learner's recorded transitions; every read is logged as a ledger read. */
export function registerEvidenceReplayRoutes(app: ApiApp, s: AppServices): void {
  defineRoute(app, getEvidenceReplayRoute, s.requireFullAuth, async (c, { params, query }) => {
    const session = c.get('session');
    // Who may read comes first: a refused caller learns nothing, not even whether the learner exists.
    assertReplayAuditor(session.user.role);
    const now = new Date(s.clock.now());
    const subjectId = Number(params.userId);
    const replay = await evidenceReplay(s.db, subjectId, query, langOf(c));
    const { rule } = await cpdConfig(s.db);
    const period = query.day === undefined ? periodOf(now, rule) : periodOfDay(query.day, rule);
    await logLedgerRead(s.db, { userId: session.userId, role: session.user.role }, subjectId, period, 'replay', now);
    return c.json(replay, 200);
  });
}
