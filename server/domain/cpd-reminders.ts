import { and, eq, gte, inArray, isNotNull, lte } from 'drizzle-orm';
import { LANGUAGES, type Language } from '../../src/config/constants';
import type { Db } from '../db/client';
import { courseEnrolments, courses, cpdCourseApprovals, cpdRemindersSent, cpdSettings, offlineAttendance, offlineCourses, offlineSessions, users, type CpdReminderKind, type LocalizedText } from '../db/schema';
import { translate } from '../i18n/messages';
import type { Mailer } from '../mail/mailer';
import { cpdReminderMail, cpdUplineReminderMail } from '../mail/cpd-reminder.mail';
import { cpdConfig, cpdTotals, type CpdTotals } from './cpd-ledger';
import { hkDate, periodDays, periodOf } from './cpd-period';
import { hoursText } from './cpd-team';
import { notifyWithMessage } from './notification-messages';

// Issue 45, ADR 087: CPD reminders. On the reminder days of cpd_settings (60, 30, 14, 7, 1 days
// before the period's last Hong Kong day) every licensee short of the target gets a notification
// and an email with the exact hours still needed and the approved courses that would close the
// gap; from uplineWeeklyFromDays out, each upline gets their team still short once a week. A run
// that missed a day (the server was down) sends the latest reminder passed, once. "Once" is a row
// of cpd_reminders_sent inserted ON CONFLICT DO NOTHING before anything is sent: whichever process
// inserts it sends; the others, and a later run, find it there.

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
/** Suggested courses per reminder (the nearest approvals that would close the gap). */
const MAX_SUGGESTIONS = 5;

/** What is due at `now` by the settings: the agents' reminder mark and the upline's week (null: none). */
export function remindersDue(now: Date, settings: { reminderDays: number[]; uplineWeeklyFromDays: number }, rule: Parameters<typeof periodDays>[1]) {
  const startYear = periodOf(now, rule);
  const daysBefore = Math.round((dayMs(periodDays(startYear, rule).endsOn) - dayMs(hkDate(now))) / DAY_MS);
  const passed = settings.reminderDays.filter((d) => d >= daysBefore).sort((a, b) => a - b);
  const agentMark = passed.length > 0 ? passed[0] : null;
  const uplineWeek = daysBefore <= settings.uplineWeeklyFromDays ? Math.floor((settings.uplineWeeklyFromDays - daysBefore) / 7) : null;
  return { startYear, daysBefore, agentMark, uplineWeek };
}

interface Suggestion {
  title: LocalizedText;
  ethics: boolean;
  minutes: number;
}

/** Approved courses valid today that each short person has not completed (three set-based statements). */
async function suggestions(db: Db, userIds: number[], today: string): Promise<Map<number, Suggestion[]>> {
  const out = new Map<number, Suggestion[]>();
  if (userIds.length === 0) return out;
  const valid = await db
    .select({ courseId: cpdCourseApprovals.courseId, offlineCourseId: cpdCourseApprovals.offlineCourseId, minutes: cpdCourseApprovals.minutes, ethics: cpdCourseApprovals.ethicsOrRegulations, title: courses.title, offlineTitle: offlineCourses.title })
    .from(cpdCourseApprovals)
    .leftJoin(courses, eq(courses.id, cpdCourseApprovals.courseId))
    .leftJoin(offlineCourses, eq(offlineCourses.id, cpdCourseApprovals.offlineCourseId))
    .where(and(lte(cpdCourseApprovals.validFrom, today), gte(cpdCourseApprovals.validTo, today)));
  const courseIds = valid.flatMap((v) => (v.courseId === null ? [] : [v.courseId]));
  const offlineIds = valid.flatMap((v) => (v.offlineCourseId === null ? [] : [v.offlineCourseId]));
  const [doneOnline, doneOffline] = await Promise.all([
    courseIds.length
      ? db
          .select({ userId: courseEnrolments.userId, id: courseEnrolments.courseId })
          .from(courseEnrolments)
          .where(and(inArray(courseEnrolments.userId, userIds), inArray(courseEnrolments.courseId, courseIds), eq(courseEnrolments.status, 'completed')))
      : [],
    offlineIds.length
      ? db
          .selectDistinct({ userId: offlineAttendance.userId, id: offlineSessions.courseId })
          .from(offlineAttendance)
          .innerJoin(offlineSessions, eq(offlineSessions.id, offlineAttendance.sessionId))
          .where(and(inArray(offlineAttendance.userId, userIds), inArray(offlineSessions.courseId, offlineIds), isNotNull(offlineAttendance.checkedOutAt)))
      : [],
  ]);
  const done = new Set([...doneOnline.map((d) => `c:${d.userId}:${d.id}`), ...doneOffline.map((d) => `o:${d.userId}:${d.id}`)]);
  for (const userId of userIds) {
    out.set(
      userId,
      valid
        .filter((v) => !done.has(v.courseId !== null ? `c:${userId}:${v.courseId}` : `o:${userId}:${v.offlineCourseId}`))
        .map((v) => ({ title: (v.title ?? v.offlineTitle)!, ethics: v.ethics, minutes: v.minutes })),
    );
  }
  return out;
}

/** The courses to name: Ethics/Regulations ones first when E/R is short, then the longest; at most five. */
function closingCourses(list: Suggestion[], ethicsShort: boolean): Suggestion[] {
  return [...list].sort((a, b) => (ethicsShort ? Number(b.ethics) - Number(a.ethics) : 0) || b.minutes - a.minutes).slice(0, MAX_SUGGESTIONS);
}

/** One text per language (a notification's param is rendered in the reader's language). */
const perLanguage = (make: (lang: Language) => string): LocalizedText => Object.fromEntries(LANGUAGES.map((l) => [l, make(l)])) as unknown as LocalizedText;

/** Claims the (user, period, kind, mark) rows; answers the users whose row this call inserted. */
async function claim(db: Db, rows: { userId: number; needed: number; neededEthics: number }[], startYear: number, kind: CpdReminderKind, mark: number, now: Date): Promise<Set<number>> {
  const won = new Set<number>();
  for (let i = 0; i < rows.length; i += 1000) {
    const batch = rows.slice(i, i + 1000);
    const inserted = await db
      .insert(cpdRemindersSent)
      .values(batch.map((r) => ({ userId: r.userId, periodStartYear: startYear, kind, mark, sentAt: now, neededMinutes: r.needed, neededEthicsMinutes: r.neededEthics })))
      .onConflictDoNothing()
      .returning({ userId: cpdRemindersSent.userId });
    for (const r of inserted) won.add(r.userId);
  }
  return won;
}

const shortOf = (t: CpdTotals) => ({ needed: Math.max(0, t.targetMinutes - t.minutes), neededEthics: Math.max(0, t.targetEthicsMinutes - t.ethicsMinutes) });

export interface ReminderRun {
  agents: number;
  uplines: number;
}

/** One run of the job at `now` (the server's clock). Safe to run in every process at once. */
export async function runCpdReminders(db: Db, mailer: Mailer, now: Date, log: (line: string) => void = () => {}): Promise<ReminderRun> {
  const [settings] = await db.select().from(cpdSettings).where(eq(cpdSettings.id, 1));
  if (!settings) return { agents: 0, uplines: 0 };
  const config = await cpdConfig(db);
  const due = remindersDue(now, settings, config.rule);
  if (due.daysBefore < 0 || (due.agentMark === null && due.uplineWeek === null)) return { agents: 0, uplines: 0 };
  const totals = await cpdTotals(db, 'all', due.startYear, now, config);
  const short = [...totals.entries()].map(([userId, t]) => ({ userId, ...shortOf(t) })).filter((s) => s.needed > 0 || s.neededEthics > 0);
  if (short.length === 0) return { agents: 0, uplines: 0 };
  const people = new Map<number, { name: string; email: string; uplineId: number | null; language: Language | null }>();
  for (let i = 0; i < short.length; i += 1000) {
    const ids = short.slice(i, i + 1000).map((s) => s.userId);
    for (const p of await db.select({ id: users.id, name: users.name, email: users.email, uplineId: users.uplineId, language: users.language }).from(users).where(inArray(users.id, ids))) people.set(p.id, p);
  }
  const endsOn = periodDays(due.startYear, config.rule).endsOn;
  let agents = 0;
  let uplines = 0;

  if (due.agentMark !== null) {
    const won = await claim(db, short, due.startYear, 'agent_days', due.agentMark, now);
    const mine = short.filter((s) => won.has(s.userId));
    const offers = await suggestions(
      db,
      mine.map((s) => s.userId),
      hkDate(now),
    );
    for (const s of mine) {
      const person = people.get(s.userId)!;
      const list = closingCourses(offers.get(s.userId) ?? [], s.neededEthics > 0);
      const coursesText = perLanguage((lang) => (list.length ? list.map((c) => c.title[lang] || c.title.en).join(translate(lang, 'server:cpd_reminder_list_separator')) : translate(lang, 'server:cpd_reminder_no_courses')));
      const params = { hours: hoursText(s.needed), ethicsHours: hoursText(s.neededEthics), count: due.daysBefore, endsOn, courses: coursesText };
      await notifyWithMessage(db, s.userId, { titleKey: 'server:cpd_reminder_title', bodyKey: 'server:cpd_reminder_body', params }, now, { kind: 'system_notice' });
      // The mail in the language the person last used the app in (users.language, ADR 092): English if never known.
      const lang = person.language ?? 'en';
      await mailer.send(cpdReminderMail({ lang, to: person.email, name: person.name, ...params, courses: list.map((c) => c.title[lang] || c.title.en) }));
      agents += 1;
    }
  }

  if (due.uplineWeek !== null) {
    const teams = new Map<number, { name: string; needed: number; neededEthics: number }[]>();
    for (const s of short) {
      const p = people.get(s.userId)!;
      if (p.uplineId === null) continue;
      teams.set(p.uplineId, [...(teams.get(p.uplineId) ?? []), { name: p.name, needed: s.needed, neededEthics: s.neededEthics }]);
    }
    const rows = [...teams.entries()].map(([userId, team]) => ({ userId, needed: team.reduce((n, m) => n + m.needed, 0), neededEthics: team.reduce((n, m) => n + m.neededEthics, 0) }));
    const won = await claim(db, rows, due.startYear, 'upline_week', due.uplineWeek, now);
    const heads = won.size ? await db.select({ id: users.id, name: users.name, email: users.email, language: users.language }).from(users).where(inArray(users.id, [...won])) : [];
    for (const head of heads) {
      const team = teams.get(head.id)!.sort((a, b) => b.needed - a.needed || a.name.localeCompare(b.name, 'en'));
      const names = team.map((m) => `${m.name} (${hoursText(m.needed)} / ${hoursText(m.neededEthics)})`);
      const params = { count: team.length, days: due.daysBefore, endsOn, names: perLanguage((lang) => names.join(translate(lang, 'server:cpd_reminder_list_separator'))) };
      await notifyWithMessage(db, head.id, { titleKey: 'server:cpd_upline_reminder_title', bodyKey: 'server:cpd_upline_reminder_body', params }, now, { kind: 'system_notice' });
      await mailer.send(cpdUplineReminderMail({ lang: head.language ?? 'en', to: head.email, name: head.name, count: team.length, days: due.daysBefore, endsOn, team: names }));
      uplines += 1;
    }
  }
  if (agents + uplines > 0) log(`cpd reminders: ${agents} licensee(s), ${uplines} upline(s) at ${due.daysBefore} day(s) before ${endsOn}`);
  return { agents, uplines };
}
