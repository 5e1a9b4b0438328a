import { and, asc, count, gt, inArray } from 'drizzle-orm';
import type { CpdReport, CpdReportList, CpdReportQuery, CpdReportRow } from '../../src/api/schemas/cpd-report.schema';
import { API_ERROR_CODE } from '../../src/api/schemas/error.schema';
import type { Language } from '../../src/config/constants';
import type { Db } from '../db/client';
import { users, type UserRole } from '../db/schema';
import { HttpError } from '../http/errors';
import { translate } from '../i18n/messages';
import { cpdConfig, cpdTotals, periodAsked, type CpdConfig, type CpdTotals } from './cpd-ledger';
import { daysLeft, dueDate, periodDays } from './cpd-period';
import { hoursText } from './cpd-team';
import { csvField } from './management';

// Issue 45, ADR 087: the compliance officer's reports of every licensee (agents and managers). The
// CSV is written batch by batch (keyset on users.id, 1,000 at a time, each batch's figures from one
// cpdTotals call), so the insurer's report of 100,000 licensees is never held in memory whole.

export const REPORT_BATCH = 1000;
const LICENSEES: UserRole[] = ['agent', 'manager'];

export function assertAuditor(role: UserRole): void {
  if (role !== 'auditor') throw new HttpError(403, 'server:cpd_report_auditors_only', {}, { code: API_ERROR_CODE.forbidden });
}

type Person = { id: number; name: string; externalId: string };

function reportRow(p: Person, t: CpdTotals): CpdReportRow {
  return {
    user_id: String(p.id),
    agent_code: p.externalId,
    name: p.name,
    minutes: t.minutes,
    ethics_minutes: t.ethicsMinutes,
    target_minutes: t.targetMinutes,
    target_ethics_minutes: t.targetEthicsMinutes,
    compliant: t.minutes >= t.targetMinutes && t.ethicsMinutes >= t.targetEthicsMinutes,
  };
}

const wanted = (list: CpdReportList) => (r: CpdReportRow) => list === 'all' || (list === 'can_declare') === r.compliant;

const licenseesAfter = (db: Db, lastId: number, limit: number) =>
  db
    .select({ id: users.id, name: users.name, externalId: users.externalId })
    .from(users)
    .where(and(inArray(users.role, LICENSEES), gt(users.id, lastId)))
    .orderBy(asc(users.id))
    .limit(limit);

/** The rows of every licensee in user id order, a batch at a time (the CSV and the bench read this). */
export async function* reportBatches(db: Db, startYear: number, now: Date, list: CpdReportList, config: CpdConfig, batch = REPORT_BATCH): AsyncGenerator<CpdReportRow[]> {
  let last = 0;
  for (;;) {
    const people = await licenseesAfter(db, last, batch);
    if (people.length === 0) return;
    last = people[people.length - 1].id;
    const totals = await cpdTotals(
      db,
      people.map((p) => p.id),
      startYear,
      now,
      config,
    );
    const rows = people.map((p) => reportRow(p, totals.get(p.id)!)).filter(wanted(list));
    if (rows.length > 0) yield rows;
    if (people.length < batch) return;
  }
}

function periodOfReport(startYear: number, now: Date, config: CpdConfig): CpdReport['period'] {
  const days = periodDays(startYear, config.rule);
  return {
    start_year: startYear,
    starts_on: days.startsOn,
    ends_on: days.endsOn,
    days_left: daysLeft(now, startYear, config.rule),
    declaration_due: dueDate(startYear, config.declarationDue, config.rule),
    insurer_report_due: dueDate(startYear, config.insurerReportDue, config.rule),
  };
}

/** One page of the report. Every licensee: only the page's people are figured; a declaration list needs everyone's figures to filter. */
export async function cpdReport(db: Db, query: CpdReportQuery, now: Date): Promise<CpdReport> {
  const config = await cpdConfig(db);
  const startYear = periodAsked(query.period, now, config);
  const offset = (query.page - 1) * query.per_page;
  const head = { page: query.page, per_page: query.per_page, list: query.list, period: periodOfReport(startYear, now, config) };
  if (query.list === 'all') {
    const [{ n }] = await db.select({ n: count() }).from(users).where(inArray(users.role, LICENSEES));
    const people = await db
      .select({ id: users.id, name: users.name, externalId: users.externalId })
      .from(users)
      .where(inArray(users.role, LICENSEES))
      .orderBy(asc(users.id))
      .limit(query.per_page)
      .offset(offset);
    const totals = await cpdTotals(
      db,
      people.map((p) => p.id),
      startYear,
      now,
      config,
    );
    return { ...head, total: n, data: people.map((p) => reportRow(p, totals.get(p.id)!)) };
  }
  const rows: CpdReportRow[] = [];
  for await (const batch of reportBatches(db, startYear, now, query.list, config)) rows.push(...batch);
  return { ...head, total: rows.length, data: rows.slice(offset, offset + query.per_page) };
}

export const reportCsvHeader = (lang: Language): string => `\uFEFF${translate(lang, 'server:cpd_report_csv_header')}\r\n`;

export function reportCsvLines(rows: CpdReportRow[], lang: Language): string {
  const yes = translate(lang, 'server:cpd_report_compliant_yes');
  const no = translate(lang, 'server:cpd_report_compliant_no');
  return rows
    .map((r) => `${[r.agent_code, r.name, hoursText(r.minutes), hoursText(r.ethics_minutes), hoursText(r.target_minutes), hoursText(r.target_ethics_minutes), r.compliant ? yes : no].map(csvField).join(',')}\r\n`)
    .join('');
}
