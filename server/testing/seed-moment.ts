import { eq, sql } from 'drizzle-orm';
import { offlineCourses, offlineSessions } from '../db/schema';
import type { TestContext } from '../test-support';

/**
 * The test template is seeded once and kept in the temp directory (test-support.ts), so its
 * "today" is the moment it was seeded, which may be hours or days before this run. A test that
 * reads the demo's relative times (the briefing under way, an exam closing next week) moves the
 * context's clock to that moment: ten minutes into the MPF briefing, which the seed starts half an
 * hour before its own now.
 */
export async function setClockToSeedMoment(ctx: TestContext): Promise<number> {
  const [session] = await ctx.database.db
    .select({ startsAt: offlineSessions.startsAt })
    .from(offlineSessions)
    .innerJoin(offlineCourses, eq(offlineCourses.id, offlineSessions.courseId))
    .where(sql`${offlineCourses.title} ->> 'en' = 'MPF Product Briefing'`);
  const moment = session.startsAt.getTime() + 10 * 60_000;
  ctx.clock.set(moment);
  return moment;
}
