import { getCpdEvidenceRoute, getCpdLedgerRoute, getOwnCpdLedgerRoute } from '../../src/api/schemas/cpd-ledger.routes';
import { assertMayRead, cpdConfig, cpdEvidence, cpdLedger, logLedgerRead, periodAsked, type LedgerReader } from '../domain/cpd-ledger';
import { langOf } from '../http/context';
import { defineRoute } from '../http/define-route';
import type { ApiApp, AppServices } from '../http/services';

/** Issue 45: the ledger, the caller's own or (upline, auditor) another's, and a row's evidence. Server clock only. */
export function registerCpdLedgerRoutes(app: ApiApp, s: AppServices): void {
  defineRoute(app, getOwnCpdLedgerRoute, s.requireFullAuth, async (c, { query }) => {
    const now = new Date(s.clock.now());
    const config = await cpdConfig(s.db);
    const period = periodAsked(query.period, now, config);
    return c.json(await cpdLedger(s.db, c.get('session').userId, period, now, langOf(c), config), 200);
  });

  defineRoute(app, getCpdLedgerRoute, s.requireFullAuth, async (c, { params, query }) => {
    const now = new Date(s.clock.now());
    const reader: LedgerReader = { userId: c.get('session').userId, role: c.get('session').user.role };
    const subjectId = Number(params.userId);
    // Who may read comes first: a refused caller learns nothing, not even whether the period is good.
    await assertMayRead(s.db, reader, subjectId);
    const config = await cpdConfig(s.db);
    const period = periodAsked(query.period, now, config);
    const ledger = await cpdLedger(s.db, subjectId, period, now, langOf(c), config);
    await logLedgerRead(s.db, reader, subjectId, period, 'ledger', now);
    return c.json(ledger, 200);
  });

  defineRoute(app, getCpdEvidenceRoute, s.requireFullAuth, async (c, { params, query }) => {
    const now = new Date(s.clock.now());
    const reader: LedgerReader = { userId: c.get('session').userId, role: c.get('session').user.role };
    const subjectId = query.user === undefined ? reader.userId : Number(query.user);
    await assertMayRead(s.db, reader, subjectId);
    const { evidence, period } = await cpdEvidence(s.db, subjectId, params.rowId, now, langOf(c));
    await logLedgerRead(s.db, reader, subjectId, period, 'evidence', now);
    return c.json(evidence, 200);
  });
}
