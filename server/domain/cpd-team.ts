import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CpdForecast, CpdTeam, CpdTeamQuery, CpdTeamRow, CpdTeamSort } from '../../src/api/schemas/cpd-team.schema';
import type { Language } from '../../src/config/constants';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { translate } from '../i18n/messages';
import { cpdConfig, cpdTotals, periodAsked, type CpdConfig, type CpdTotals } from './cpd-ledger';
import { daysLeft, periodDays } from './cpd-period';
import { assertManager, csvField } from './management';

// Issue 45, ADR 087: the upline's team compliance. Who is in the team is the management reports'
// rule (users.upline_id = the caller, managers only); the figures are cpdTotals' (two set-based
// statements for the whole team, never one query per downline); the forecast is a pure rule.

const DAY_MS = 86_400_000;

export interface Pace {
  minutes: number;
  ethicsMinutes: number;
  targetMinutes: number;
  targetEthicsMinutes: number;
  /** Hong Kong days of the period gone by, today included (0: not begun). */
  elapsedDays: number;
  totalDays: number;
}

/**
 * Where a licensee is heading at the pace of the period so far: 'met' when both the total and the
 * Ethics/Regulations target are reached; 'on_track' when the credited minutes / elapsed days × total
 * days reach both targets by the period's last day; otherwise 'at_risk' (an ended period not met too).
 */
export function cpdForecast(p: Pace): CpdForecast {
  if (p.minutes >= p.targetMinutes && p.ethicsMinutes >= p.targetEthicsMinutes) return 'met';
  if (p.elapsedDays <= 0 || p.elapsedDays >= p.totalDays) return 'at_risk';
  // Integer arithmetic: minutes × total ≥ target × elapsed  ⇔  minutes / elapsed × total ≥ target.
  const reaches = (done: number, target: number) => done * p.totalDays >= target * p.elapsedDays;
  return reaches(p.minutes, p.targetMinutes) && reaches(p.ethicsMinutes, p.targetEthicsMinutes) ? 'on_track' : 'at_risk';
}

/** The period's length and how much of it has passed at `now` (today counts as passed). */
export function periodPace(startYear: number, now: Date, config: Pick<CpdConfig, 'rule'>): { elapsedDays: number; totalDays: number; daysLeft: number } {
  const { startsOn, endsOn } = periodDays(startYear, config.rule);
  const totalDays = Math.round((Date.parse(`${endsOn}T00:00:00Z`) - Date.parse(`${startsOn}T00:00:00Z`)) / DAY_MS) + 1;
  const left = daysLeft(now, startYear, config.rule);
  const begun = now.getTime() >= Date.parse(`${startsOn}T00:00:00Z`) - 8 * 3_600_000;
  return { totalDays, daysLeft: left, elapsedDays: begun ? Math.min(totalDays, totalDays - left + 1) : 0 };
}

/** One person's row of figures (the team, the auditor's report, the reminders read the same). */
export function complianceRow(person: { id: number; name: string; externalId: string }, t: CpdTotals, pace: ReturnType<typeof periodPace>): CpdTeamRow {
  const ended = pace.daysLeft === 0;
  return {
    user_id: String(person.id),
    name: person.name,
    agent_code: person.externalId,
    minutes: t.minutes,
    ethics_minutes: t.ethicsMinutes,
    target_minutes: t.targetMinutes,
    target_ethics_minutes: t.targetEthicsMinutes,
    needed_minutes: Math.max(0, t.targetMinutes - t.minutes),
    needed_ethics_minutes: Math.max(0, t.targetEthicsMinutes - t.ethicsMinutes),
    days_left: pace.daysLeft,
    forecast: cpdForecast({ ...t, elapsedDays: ended ? pace.totalDays : pace.elapsedDays, totalDays: pace.totalDays }),
  };
}

const FORECAST_ORDER: Record<CpdForecast, number> = { at_risk: 0, on_track: 1, met: 2 };
const byName = (a: CpdTeamRow, b: CpdTeamRow) => a.name.localeCompare(b.name, 'en') || Number(a.user_id) - Number(b.user_id);
const ORDERS: Record<CpdTeamSort, (a: CpdTeamRow, b: CpdTeamRow) => number> = {
  name: byName,
  agent_code: (a, b) => a.agent_code.localeCompare(b.agent_code, 'en') || byName(a, b),
  // Most done first; most still needed first; the most at risk first.
  minutes: (a, b) => b.minutes - a.minutes || byName(a, b),
  needed: (a, b) => b.needed_minutes - a.needed_minutes || b.needed_ethics_minutes - a.needed_ethics_minutes || byName(a, b),
  forecast: (a, b) => FORECAST_ORDER[a.forecast] - FORECAST_ORDER[b.forecast] || b.needed_minutes - a.needed_minutes || byName(a, b),
};

/** The caller's team in the period asked (managers only; their own downlines who are licensees). */
export async function cpdTeam(db: Db, managerId: number, query: CpdTeamQuery, now: Date): Promise<CpdTeam> {
  await assertManager(db, { userId: managerId });
  const config = await cpdConfig(db);
  const startYear = periodAsked(query.period, now, config);
  const people = await db
    .select({ id: users.id, name: users.name, externalId: users.externalId })
    .from(users)
    .where(and(eq(users.uplineId, managerId), inArray(users.role, ['agent', 'manager'])))
    .orderBy(asc(users.name), asc(users.id));
  const totals = await cpdTotals(
    db,
    people.map((p) => p.id),
    startYear,
    now,
    config,
  );
  const pace = periodPace(startYear, now, config);
  let rows = people.map((p) => complianceRow(p, totals.get(p.id)!, pace));
  if (query.atRisk === 'true') rows = rows.filter((r) => r.forecast === 'at_risk');
  rows.sort(ORDERS[query.sort ?? 'name']);
  const days = periodDays(startYear, config.rule);
  return { period: { start_year: startYear, starts_on: days.startsOn, ends_on: days.endsOn, days_left: pace.daysLeft }, rows };
}

/** Whole minutes as hours with two decimals (the CSV's unit; 90 → "1.50"). */
export const hoursText = (minutes: number): string => `${Math.floor(minutes / 60)}.${String(Math.round(((minutes % 60) * 100) / 60)).padStart(2, '0')}`;

export function cpdTeamCsv(team: CpdTeam, lang: Language): string {
  const lines = [translate(lang, 'server:cpd_team_csv_header')];
  for (const r of team.rows) {
    lines.push(
      [
        r.name,
        r.agent_code,
        hoursText(r.minutes),
        hoursText(r.ethics_minutes),
        hoursText(r.target_minutes),
        hoursText(r.needed_minutes),
        hoursText(r.needed_ethics_minutes),
        r.days_left,
        translate(lang, `server:cpd_forecast_${r.forecast}`),
      ]
        .map(csvField)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
