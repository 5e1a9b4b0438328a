import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScormCommitPayload } from '../../src/api/schemas/scorm.schema';
import { onScreenLogs, scormItems, scormPackages } from '../db/schema';
import { createContentTestContext, createCourse, createDepartment, createLesson, createReadingItem, tri, type ContentTestContext } from '../testing/content-factory';
import { userIdOf } from '../testing/quiz-factory';
import { commitRuntime, creditedItemSeconds, findScormItem, runtimeView, startLaunch, type ScormItem } from './scorm';

// ADR 029: the SCORM runtime's store on the test database (PGlite): launches, the (launch, seq)
// rule, one learner's data apart from another's, and the server's verdict on completion.

let ctx: ContentTestContext;
let item: ScormItem;
let agent01: number;
let agent02: number;
const now = new Date('2026-11-20T10:00:00Z');

const commit = (launch: number, seq: number, over: Partial<ScormCommitPayload> = {}): ScormCommitPayload => ({
  launch,
  seq,
  finished: false,
  version: '1.2',
  completion: 'incomplete',
  success: 'unknown',
  score: null,
  location: String(seq),
  suspend_data: `{"seq":${seq}}`,
  cmi: '{}',
  ...over,
});

beforeAll(async () => {
  ctx = await createContentTestContext();
  const db = ctx.database.db;
  const courseId = await createCourse(db, { departmentId: await createDepartment(db, tri('Dept')), title: tri('SCORM course'), publishedAt: now });
  const lessonId = await createLesson(db, courseId, tri('Lesson'));
  const itemId = await createReadingItem(db, { courseId, lessonId, title: tri('Package'), requiredSeconds: 60 });
  await db.insert(scormPackages).values({ id: 'demo-12', version: '1.2', launchFile: 'index.html', files: [{ path: 'index.html', contentType: 'text/html' }] });
  await db.insert(scormItems).values({ itemId, packageId: 'demo-12' });
  item = (await findScormItem(db, itemId))!;
  agent01 = await userIdOf(db, 'agent01');
  agent02 = await userIdOf(db, 'agent02');
});
afterAll(() => ctx?.close());

describe('SCORM runtime store', () => {
  it('finds the item with its package', () => {
    expect(item).toMatchObject({ packageId: 'demo-12', version: '1.2', launchFile: 'index.html', requiredSeconds: 60 });
  });

  it('refuses a commit before any launch, then keeps the highest (launch, seq)', async () => {
    const db = ctx.database.db;
    expect(await commitRuntime(db, agent01, item.itemId, commit(1, 1), now)).toEqual({ outcome: 'unknown_launch' });
    expect((await startLaunch(db, agent01, item.itemId, now)).startedLaunch).toBe(1);
    expect((await commitRuntime(db, agent01, item.itemId, commit(1, 2), now)).outcome).toBe('store');
    const stale = await commitRuntime(db, agent01, item.itemId, commit(1, 1), now);
    expect(stale).toMatchObject({ outcome: 'stale', row: { launch: 1, seq: 2, location: '2' } });
    expect((await commitRuntime(db, agent01, item.itemId, commit(2, 1), now)).outcome).toBe('unknown_launch');
    // A second launch resumes where the first stopped; a late commit of the first changes nothing.
    const second = await startLaunch(db, agent01, item.itemId, now);
    expect(runtimeView(second, item, 0)).toMatchObject({ launch: 2, seq: 0, entry: 'resume', location: '2', suspend_data: '{"seq":2}' });
    expect((await commitRuntime(db, agent01, item.itemId, commit(2, 1, { location: 'second' }), now)).outcome).toBe('store');
    const late = await commitRuntime(db, agent01, item.itemId, commit(1, 9), now);
    expect(late).toMatchObject({ outcome: 'stale', row: { launch: 2, seq: 1, location: 'second' } });
  });

  it("keeps one learner's data apart from another's", async () => {
    const db = ctx.database.db;
    const fresh = await startLaunch(db, agent02, item.itemId, now);
    expect(runtimeView(fresh, item, 0)).toMatchObject({ launch: 1, seq: 0, entry: 'ab-initio', location: '', suspend_data: '', cmi: '{}' });
  });

  it('counts completion only with the required time credited', async () => {
    const db = ctx.database.db;
    const done = await commitRuntime(db, agent02, item.itemId, commit(1, 1, { completion: 'completed', success: 'passed', score: { raw: 100, min: 0, max: 100 } }), now);
    if (done.outcome === 'unknown_launch') throw new Error('launch 1 was started');
    expect(runtimeView(done.row, item, await creditedItemSeconds(db, agent02, item.itemId))).toMatchObject({ counted_complete: false, score: { raw: 100 } });
    await db.insert(onScreenLogs).values({ userId: agent02, courseId: item.courseId, itemId: item.itemId, duration: 60, key: now.getTime() });
    expect(runtimeView(done.row, item, await creditedItemSeconds(db, agent02, item.itemId)).counted_complete).toBe(true);
  });
});
