import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from './client';
import { DEMO_OFFLINE_COURSES } from './fixtures/demo-offline-courses';
import { offlineCourses, offlineSessions, users } from './schema';

// Issue 14's demo promises a classroom session "today" whose check-in window is open. The seed
// places it relative to the moment it ran, and `npm start` keeps the database across restarts, so
// on a later day that session would lie in the past. At each demo start, a demo session that is
// due today by the fixture (it started before the seed and is short) and has already ended is
// moved to the same hour relative to now. Nothing else moves: enrolments and attendance records
// keep their times, and a session that has not ended yet is left alone.

// A demo session is known by its course's and its own English title (its codes are random).
const TODAY_SESSIONS = DEMO_OFFLINE_COURSES.flatMap((c) =>
  c.sessions.filter((s) => s.startsInHours < 0 && s.startsInHours + s.hours > 0).map((s) => ({ course: c.title.en, title: s.title.en, startsInHours: s.startsInHours })),
);

/** Returns how many demo sessions were moved to today. */
export async function keepDemoSessionToday(db: Db, now: Date): Promise<number> {
  let moved = 0;
  for (const { course, title, startsInHours } of TODAY_SESSIONS) {
    const ended = await db
      .select({ s: offlineSessions })
      .from(offlineSessions)
      .innerJoin(offlineCourses, eq(offlineCourses.id, offlineSessions.courseId))
      .where(and(sql`${offlineCourses.title} ->> 'en' = ${course}`, sql`${offlineSessions.title} ->> 'en' = ${title}`, lt(offlineSessions.windowClosesAt, now)));
    for (const { s } of ended) {
      const shift = now.getTime() + startsInHours * 3_600_000 - s.startsAt.getTime();
      const by = (d: Date) => new Date(d.getTime() + shift);
      await db
        .update(offlineSessions)
        .set({ startsAt: by(s.startsAt), endsAt: by(s.endsAt), windowOpensAt: by(s.windowOpensAt), windowClosesAt: by(s.windowClosesAt) })
        .where(eq(offlineSessions.id, s.id));
      moved++;
    }
  }
  return moved;
}

/**
 * A demo database migrated from before issue 43 has sessions without a trainer, whose codes nobody
 * may read: at a demo start they become trainer01's (a fresh seed sets it). Answers how many.
 */
export async function giveDemoSessionsTheirTrainer(db: Db): Promise<number> {
  const [trainer] = await db.select({ id: users.id }).from(users).where(eq(users.externalId, 'trainer01'));
  if (!trainer) return 0;
  const given = await db.update(offlineSessions).set({ trainerId: trainer.id }).where(isNull(offlineSessions.trainerId)).returning({ id: offlineSessions.id });
  return given.length;
}
