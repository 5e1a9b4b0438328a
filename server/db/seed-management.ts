import { eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { demoMomentInPeriod } from './seed-cpd';
import { DEMO_DUE_DATES, DEMO_ETHICS_COURSES, DEMO_ETHICS_OFFLINE_TITLES, DEMO_MANAGEMENT_CLASSROOMS, type DemoManagementClassroom } from './fixtures/demo-management';
import { managementCourseRules, managementOfflineCourseRules, offlineAttendance, offlineCourses, offlineEnrolments, offlineSessions } from './schema';

const HOUR = 3_600_000;

/** Issue 14: what /management shows of manager01's downlines (fixtures/demo-management.ts). */
export async function seedManagementDemo(tx: Db, { courseIds, userId, now }: { courseIds: Map<string, number>; userId: (code: string) => number; now: number }) {
  const rules = new Map<number, { courseId: number; ethicsRegulations: boolean; dueAt: Date | null }>();
  for (const key of DEMO_ETHICS_COURSES) rules.set(courseIds.get(key)!, { courseId: courseIds.get(key)!, ethicsRegulations: true, dueAt: null });
  for (const d of DEMO_DUE_DATES) {
    const id = courseIds.get(d.course)!;
    rules.set(id, { ...(rules.get(id) ?? { courseId: id, ethicsRegulations: false }), dueAt: new Date(now + d.inDays * 24 * HOUR) });
  }
  await tx.insert(managementCourseRules).values([...rules.values()]);
  for (const title of DEMO_ETHICS_OFFLINE_TITLES) {
    const [row] = await tx.select({ id: offlineCourses.id }).from(offlineCourses).where(eq(sql`${offlineCourses.title} ->> 'en'`, title));
    if (row) await tx.insert(managementOfflineCourseRules).values({ offlineCourseId: row.id, ethicsRegulations: true });
  }
  for (const c of DEMO_MANAGEMENT_CLASSROOMS) await seedClassroom(tx, c, { userId, now });
}

async function seedClassroom(tx: Db, c: DemoManagementClassroom, { userId, now }: { userId: (code: string) => number; now: number }) {
  // A past session stays inside this CPD period (issue 45: its attendance counts in the ledger now).
  const start = c.inDays < 0 ? demoMomentInPeriod(now, -c.inDays, c.hours * HOUR) : now + c.inDays * 24 * HOUR;
  const [course] = await tx
    .insert(offlineCourses)
    .values({
      title: c.title,
      description: c.description,
      venue: c.venue,
      initiator: c.initiator,
      remarks: c.remarks,
      enquiryEmail: 'training@agent-academy.test',
      durationHours: c.hours,
      cpdHours: c.cpdHours,
      quota: c.quota,
      needsApproval: true,
      applicationsOpenAt: new Date(Math.min(start, now) - 30 * 24 * HOUR),
      enrolDeadline: new Date(start - 2 * 24 * HOUR),
      cancelDeadline: new Date(start - 2 * 24 * HOUR),
      publishedAt: new Date(Math.min(start, now) - 31 * 24 * HOUR),
    })
    .returning({ id: offlineCourses.id });
  await tx.insert(managementOfflineCourseRules).values({ offlineCourseId: course.id, ethicsRegulations: true });
  const [session] = await tx
    .insert(offlineSessions)
    .values({
      courseId: course.id,
      title: c.title,
      startsAt: new Date(start),
      endsAt: new Date(start + c.hours * HOUR),
      windowOpensAt: new Date(start - HOUR / 2),
      windowClosesAt: new Date(start + (c.hours + 0.5) * HOUR),
      // Its codes come from the session's own random secret (issue 43); trainer01 runs it.
      trainerId: userId('trainer01'),
    })
    .returning({ id: offlineSessions.id });
  const manager = userId('manager01');
  for (const [i, e] of c.enrolments.entries()) {
    const requestedAt = new Date(Math.min(start, now) - (20 - i) * 24 * HOUR);
    await tx.insert(offlineEnrolments).values({
      courseId: course.id,
      userId: userId(e.user),
      status: e.status,
      source: e.source,
      termsAcceptedAt: e.source === 'learner' ? requestedAt : null,
      requestedAt,
      decidedBy: e.status === 'pending' ? null : manager,
      decidedAt: e.status === 'pending' ? null : new Date(requestedAt.getTime() + 24 * HOUR),
      decisionReason: e.reason ?? null,
    });
    if (e.attendedHours) {
      await tx.insert(offlineAttendance).values({ sessionId: session.id, userId: userId(e.user), checkedInAt: new Date(start), checkedOutAt: new Date(start + e.attendedHours * HOUR) });
    }
  }
}
