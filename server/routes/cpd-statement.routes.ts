import type { Context } from 'hono';
import { VERIFICATION_CODE_HEADER } from '../../src/api/schemas/cpd-statement.schema';
import { getCpdCertificateRoute, getCpdStatementCsvRoute, getCpdStatementPdfRoute, verifyCpdCodeRoute } from '../../src/api/schemas/cpd-statement.routes';
import { assertMayRead, cpdConfig, cpdEvidence, cpdLedger, logLedgerRead, periodAsked, type LedgerReader } from '../domain/cpd-ledger';
import { assertCourseRow, certificateFigures, personOf, statementCsv, statementFigures, verificationCodeFor, verifyCode } from '../domain/cpd-statement';
import { beginAttempt } from '../http/attempts';
import { langOf, type AppEnv } from '../http/context';
import { defineRoute } from '../http/define-route';
import type { ApiApp, AppServices } from '../http/services';
import { certificatePdf, statementPdf } from '../pdf/cpd-papers';

/**
 * Issue 45 (ADR 085): the CPD papers — a period's statement (PDF, CSV) and a course's certificate
 * (PDF) — for the caller, or (their upline, an auditor) another licensee, each read recorded; and
 * the public check of a paper's code. The same readers and the same figures as the ledger.
 */
export function registerCpdStatementRoutes(app: ApiApp, s: AppServices): void {
  const readerOf = (c: Context<AppEnv>): LedgerReader => ({ userId: c.get('session').userId, role: c.get('session').user.role });
  const verifyUrl = (code: string) => `${s.config.appBaseUrl}/verify/${code}`;
  const noStore = { 'Cache-Control': 'private, no-store' };

  /** Who, which period, the ledger and its code; who may read comes first (a refused caller learns nothing). */
  async function statementOf(c: Context<AppEnv>, query: { period?: string; user?: string }) {
    const now = new Date(s.clock.now());
    const reader = readerOf(c);
    const subjectId = query.user === undefined ? reader.userId : Number(query.user);
    await assertMayRead(s.db, reader, subjectId);
    const config = await cpdConfig(s.db);
    const period = periodAsked(query.period, now, config);
    const ledger = await cpdLedger(s.db, subjectId, period, now, langOf(c), config);
    await logLedgerRead(s.db, reader, subjectId, period, 'statement', now);
    const code = await verificationCodeFor(s.db, subjectId, 'statement', String(period), statementFigures(ledger), now);
    return { ledger, code, now, name: `cpd-statement-${ledger.user.agent_code}-${period}` };
  }

  defineRoute(app, getCpdStatementPdfRoute, s.requireFullAuth, async (c, { query }) => {
    const { ledger, code, now, name } = await statementOf(c, query);
    const bytes = await statementPdf(ledger, { lang: langOf(c), code, now, verifyUrl: verifyUrl(code) });
    return c.body(bytes, 200, { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${name}.pdf"`, [VERIFICATION_CODE_HEADER]: code, ...noStore });
  });

  defineRoute(app, getCpdStatementCsvRoute, s.requireFullAuth, async (c, { query }) => {
    const { ledger, code, name } = await statementOf(c, query);
    return c.body(statementCsv(ledger, code, langOf(c)), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}.csv"`,
      [VERIFICATION_CODE_HEADER]: code,
      ...noStore,
    });
  });

  defineRoute(app, getCpdCertificateRoute, s.requireFullAuth, async (c, { params, query }) => {
    const now = new Date(s.clock.now());
    const reader = readerOf(c);
    const subjectId = query.user === undefined ? reader.userId : Number(query.user);
    await assertMayRead(s.db, reader, subjectId);
    const { evidence, period } = await cpdEvidence(s.db, subjectId, params.rowId, now, langOf(c));
    assertCourseRow(evidence.row);
    await logLedgerRead(s.db, reader, subjectId, period, 'statement', now);
    const figures = certificateFigures(await personOf(s.db, subjectId), evidence.row);
    const code = await verificationCodeFor(s.db, subjectId, 'certificate', evidence.row.id, figures, now);
    const bytes = await certificatePdf(figures, { lang: langOf(c), code, now, verifyUrl: verifyUrl(code) });
    const name = `cpd-certificate-${figures.agent_code}-${evidence.row.id.replace(':', '-')}`;
    return c.body(bytes, 200, { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${name}.pdf"`, [VERIFICATION_CODE_HEADER]: code, ...noStore });
  });

  // Public: no sign-in. Each lookup counts against the client address (scope 'verify'); a genuine
  // code gives its try back, so only guessing is slowed down.
  defineRoute(app, verifyCpdCodeRoute, async (c, { params }) => {
    const attempt = await beginAttempt(c, s, 'verify', null);
    const answer = await verifyCode(s.db, params.code);
    await attempt.succeeded();
    return c.json(answer, 200, noStore);
  });
}
