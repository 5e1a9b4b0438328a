import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scormCommitResultSchema, scormRuntimeSchema } from '../../src/api/schemas/scorm.schema';
import { HEADER } from '../../src/config/constants';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { courseDetailSchema } from '../../src/api/schemas/courses.schema';
import { courseEnrolments, courseItems, onScreenLogs, scormPackages, users } from '../db/schema';
import { DEMO_SCORM_SOURCE } from '../storage/scorm-packages';
import {
  createContentTestContext,
  createCourse,
  createDepartment,
  createLesson,
  createReadingItem,
  createScormItem,
  openViewing,
  signIn,
  tri,
  type ContentTestContext,
  type Learner,
} from '../testing/content-factory';

// ADR 029: GET and PUT /api/scorm/:id/runtime — a launch, commits by (launch, seq), bad input of
// each kind answered with a translated 4xx, and one learner's data never another's.

let ctx: ContentTestContext;
let agent01: Learner;
let agent02: Learner;
let scormItem: number;
let readingItem: number;
let scormCourse: number;

const json = async <T>(res: Response, status = 200): Promise<T> => {
  const body = await res.text();
  expect(res.status, body).toBe(status);
  return JSON.parse(body) as T;
};
const launch = async (who: Learner, item = scormItem) => scormRuntimeSchema.parse(await json(await who.request(`/api/scorm/${item}/runtime`)));
const put = (who: Learner, body: unknown, item: number | string = scormItem, headers: Record<string, string> = {}) =>
  who.request(`/api/scorm/${item}/runtime`, { method: 'PUT', json: body, headers });
const commit = (launchNo: number, seq: number, over: Record<string, unknown> = {}) => ({
  launch: launchNo,
  seq,
  finished: false,
  version: '1.2',
  completion: 'incomplete',
  success: 'unknown',
  score: null,
  location: `page ${seq}`,
  suspend_data: `{"seq":${seq}}`,
  cmi: '{}',
  ...over,
});
const errorOf = async (res: Response, status: number) => (await json<{ message: string }>(res, status)).message;

beforeAll(async () => {
  // The package files are served from the committed fixture (SCORM_DIR/demo-12/).
  ctx = await createContentTestContext({ scormDir: path.dirname(DEMO_SCORM_SOURCE) });
  const db = ctx.database.db;
  const departmentId = await createDepartment(db, tri('Dept'));
  const courseId = await createCourse(db, { departmentId, title: tri('SCORM'), publishedAt: new Date('2025-01-01T00:00:00Z') });
  const lessonId = await createLesson(db, courseId, tri('Lesson'));
  scormItem = await createScormItem(db, { courseId, lessonId, title: tri('Package'), requiredSeconds: 30 });
  readingItem = await createReadingItem(db, { courseId, lessonId, title: tri('Reading'), requiredSeconds: 30, position: 2 });
  // A course whose only item is a package, for completion.
  scormCourse = await createCourse(db, { departmentId, title: tri('SCORM only'), publishedAt: new Date('2025-01-01T00:00:00Z') });
  await createScormItem(db, { courseId: scormCourse, lessonId: await createLesson(db, scormCourse, tri('Only')), title: tri('Only package'), requiredSeconds: 20 });
  agent01 = await signIn(ctx, 'agent01');
  agent02 = await signIn(ctx, 'agent02');
});
afterAll(() => ctx?.close());

describe('SCORM runtime API', () => {
  it('starts a launch, stores commits by (launch, seq) and resumes from the newest', async () => {
    const first = await launch(agent01);
    expect(first).toMatchObject({ launch: 1, seq: 0, entry: 'ab-initio', launch_url: '/scorm/demo-12/index.html', version: '1.2', counted_complete: false });
    expect(scormCommitResultSchema.parse(await json(await put(agent01, commit(1, 1))))).toEqual({ launch: 1, seq: 1, stored: true, counted_complete: false });
    expect(await json(await put(agent01, commit(1, 3)))).toMatchObject({ launch: 1, seq: 3, stored: true });
    // An older commit arriving late, and a repeat, change nothing.
    expect(await json(await put(agent01, commit(1, 2, { location: 'old' })))).toMatchObject({ launch: 1, seq: 3, stored: false });
    expect(await json(await put(agent01, commit(1, 3)))).toMatchObject({ launch: 1, seq: 3, stored: false });
    const second = await launch(agent01);
    expect(second).toMatchObject({ launch: 2, seq: 0, entry: 'resume', location: 'page 3', suspend_data: '{"seq":3}' });
    expect(await json(await put(agent01, commit(2, 1, { location: 'page 1 again' })))).toMatchObject({ launch: 2, seq: 1, stored: true });
    // The first launch's commit arriving after the second launch committed: ignored.
    expect(await json(await put(agent01, commit(1, 9)))).toMatchObject({ launch: 2, seq: 1, stored: false });
  });

  it('refuses a launch the server never started (409, translated)', async () => {
    expect(await errorOf(await put(agent01, commit(7, 1)), 409)).toBe('That SCORM session was not started. Please open the package again.');
  });

  it("never answers another learner's data, and a learner's commit never touches another's", async () => {
    const theirs = await launch(agent02);
    expect(theirs).toMatchObject({ launch: 1, entry: 'ab-initio', location: '', suspend_data: '' });
    expect(await json(await put(agent02, commit(1, 50, { location: 'agent02' })))).toMatchObject({ stored: true });
    expect(await launch(agent01)).toMatchObject({ location: 'page 1 again' });
  });

  it('answers 404 for an item that runs no package and for one that does not exist', async () => {
    expect((await agent01.request(`/api/scorm/${readingItem}/runtime`)).status).toBe(404);
    expect((await agent01.request('/api/scorm/999999/runtime')).status).toBe(404);
    expect((await put(agent01, commit(1, 1), readingItem)).status).toBe(404);
  });

  it('answers 401 without a token', async () => {
    expect((await ctx.request(`/api/scorm/${scormItem}/runtime`)).status).toBe(401);
  });

  it.each([
    ['a seq of 0', commit(1, 0), 'The sequence number must be a whole number from 1.'],
    ['a launch that is not a whole number', commit(1.5, 1), 'The sequence number must be a whole number from 1.'],
    ['an unknown status', commit(1, 1, { completion: 'done' }), 'The SCORM status is not valid.'],
    ['a score that is not a number', commit(1, 1, { score: { raw: 'high', min: null, max: null } }), 'The SCORM score must be a number.'],
    ['cmi that is not a JSON object', commit(1, 1, { cmi: '[]' }), 'The SCORM data must be a JSON object.'],
    ['a location too long', commit(1, 1, { location: 'x'.repeat(1001) }), 'The text is too long.'],
    ['a commit too large to send when a window closes', commit(1, 1, { suspend_data: 'x'.repeat(60_000) }), 'The SCORM data is too large to save.'],
  ])('refuses %s (400, translated)', async (_name, body, message) => {
    expect(await errorOf(await put(agent01, body), 400)).toBe(message);
  });

  it('refuses a bad item id and a missing body field (400), translated per language', async () => {
    expect((await agent01.request('/api/scorm/abc/runtime')).status).toBe(400);
    const { finished: _dropped, ...noFinished } = commit(1, 1);
    expect((await put(agent01, noFinished)).status).toBe(400);
    expect(await errorOf(await put(agent01, commit(1, 0), scormItem, { [HEADER.language]: 'zh' }), 400)).not.toBe('The sequence number must be a whole number from 1.');
  });
});

describe('SCORM items in courses', () => {
  const detail = async (who: Learner, courseId: number) => courseDetailSchema.parse(await json(await who.request(`/api/courses/${courseId}`)));
  const onlyItem = async (who: Learner) => (await detail(who, scormCourse)).lessons[0].items[0];
  const enrolmentOf = async (userId: number) =>
    (await ctx.database.db.select().from(courseEnrolments).where(and(eq(courseEnrolments.userId, userId), eq(courseEnrolments.courseId, scormCourse))))[0];

  it('lists a SCORM item with its kind and required time on the course page', async () => {
    expect(await onlyItem(agent01)).toMatchObject({ kind: 'scorm', title: 'Only package', required_seconds: 20, completed: false, attachment: null, body: '' });
  });

  it('counts the item, and completes the course, only when the package passed AND the credited time is reached', async () => {
    const db = ctx.database.db;
    const [me] = await db.select({ id: users.id }).from(users).where(eq(users.externalId, 'agent01'));
    expect((await agent01.request(`/api/courses/${scormCourse}/enrol`, { method: 'POST' })).status).toBeLessThan(300);
    const item = (await onlyItem(agent01)).id;
    const { launch: launchNo } = scormRuntimeSchema.parse(await json(await agent01.request(`/api/scorm/${item}/runtime`)));
    const passed = { completion: 'completed', success: 'passed', score: { raw: 80, min: 0, max: 100 } };
    // Passed, but no credited time yet: not counted, the course stays in progress.
    expect(await json(await put(agent01, commit(launchNo, 1, passed), item))).toMatchObject({ stored: true, counted_complete: false });
    expect(await onlyItem(agent01)).toMatchObject({ completed: false });
    expect((await enrolmentOf(me.id)).status).toBe('in_progress');
    await db.insert(onScreenLogs).values({ userId: me.id, courseId: scormCourse, itemId: Number(item), duration: 25, key: 1 });
    // Failed never counts, time or not.
    expect(await json(await put(agent01, commit(launchNo, 2, { completion: 'completed', success: 'failed' }), item))).toMatchObject({ counted_complete: false });
    expect((await enrolmentOf(me.id)).status).toBe('in_progress');
    // Passed with the time: counted, and the commit completes the course.
    expect(await json(await put(agent01, commit(launchNo, 3, passed), item))).toMatchObject({ stored: true, counted_complete: true });
    expect(await onlyItem(agent01)).toMatchObject({ completed: true });
    expect(await enrolmentOf(me.id)).toMatchObject({ status: 'completed' });
    // Another learner's course page does not see agent01's data.
    expect(await onlyItem(agent02)).toMatchObject({ completed: false });
  });
});

describe('a SCORM item needs a viewing and credited time (issue 43 §6)', () => {
  const itemOf = async (who: Learner, courseId: number) => courseDetailSchema.parse(await json(await who.request(`/api/courses/${courseId}`))).lessons[0].items[0];
  const passed = { completion: 'completed', success: 'passed', score: { raw: 100, min: 0, max: 100 } };
  const spend = async (who: Learner, item: number, seconds: number) => {
    const viewing_id = await openViewing(who, { item_id: item });
    const key = ctx.clock.now();
    ctx.clock.advance(seconds * 1000);
    const res = await who.request(`/api/on_screen_log/${item}`, { method: 'PUT', json: { duration: seconds, key, viewing_id } });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { credited: number }).credited;
  };
  const onlyScormCourse = async (title: string, requiredSeconds: number) => {
    const db = ctx.database.db;
    const departmentId = await createDepartment(db, tri(`${title} dept`));
    const courseId = await createCourse(db, { departmentId, title: tri(title), publishedAt: new Date('2025-01-01T00:00:00Z') });
    const item = await createScormItem(db, { courseId, lessonId: await createLesson(db, courseId, tri('L')), title: tri(`${title} package`), requiredSeconds });
    return { courseId, item };
  };

  it('the factory (and the seed, through the same check) refuses a SCORM item that needs no time', async () => {
    const db = ctx.database.db;
    const courseId = await createCourse(db, { departmentId: await createDepartment(db, tri('Zero')), title: tri('Zero'), publishedAt: new Date('2025-01-01T00:00:00Z') });
    await expect(createScormItem(db, { courseId, lessonId: await createLesson(db, courseId, tri('L')), title: tri('Zero'), requiredSeconds: 0 })).rejects.toThrow(/at least 1 s/);
  });

  it('one PUT on a never-opened item completes nothing; after a viewing with the required time credited it does', async () => {
    const agent03 = await signIn(ctx, 'agent03');
    const { courseId, item } = await onlyScormCourse('Needs a minute', 60);
    // The attacker's one request: the package "passed", the item never opened.
    const { launch: launchNo } = await launch(agent03, item);
    expect(await json(await put(agent03, commit(launchNo, 1, passed), item))).toMatchObject({ stored: true, counted_complete: false });
    expect(await itemOf(agent03, courseId)).toMatchObject({ completed: false });
    // A viewing with less than the required time: still not.
    expect(await spend(agent03, item, 30)).toBe(30);
    expect(await itemOf(agent03, courseId)).toMatchObject({ completed: false });
    // The rest of the minute, credited in a viewing: the item counts and the course completes.
    expect(await spend(agent03, item, 30)).toBe(30);
    expect(await itemOf(agent03, courseId)).toMatchObject({ completed: true });
    const [me] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.externalId, 'agent03'));
    const [enrolment] = await ctx.database.db.select().from(courseEnrolments).where(and(eq(courseEnrolments.userId, me.id), eq(courseEnrolments.courseId, courseId)));
    expect(enrolment).toMatchObject({ status: 'completed' });
    expect(await json(await put(agent03, commit(launchNo, 2, passed), item))).toMatchObject({ counted_complete: true });
  });

  it('an item stored with 0 s before this rule (an older database) still needs a viewing with credited time', async () => {
    const agent03 = await signIn(ctx, 'agent03');
    const { courseId, item } = await onlyScormCourse('Stored with zero', 30);
    await ctx.database.db.update(courseItems).set({ requiredSeconds: 0 }).where(eq(courseItems.id, item));
    const { launch: launchNo } = await launch(agent03, item);
    expect(await json(await put(agent03, commit(launchNo, 1, passed), item))).toMatchObject({ counted_complete: false });
    expect(await itemOf(agent03, courseId)).toMatchObject({ completed: false });
    expect(await spend(agent03, item, 5)).toBe(5);
    expect(await itemOf(agent03, courseId)).toMatchObject({ completed: true });
  });
});

describe('SCORM package files (/scorm/:package/*)', () => {
  it('serves a listed file with its content type and the app security headers, without a token', async () => {
    const res = await ctx.request('/scorm/demo-12/index.html');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(await res.text()).toContain('sco.js');
    expect((await ctx.request('/scorm/demo-12/sco.js')).headers.get('content-type')).toMatch(/javascript/);
  });

  it('serves only the files listed when the package was installed, even one that is on disk', async () => {
    const db = ctx.database.db;
    const [pkg] = await db.select().from(scormPackages).where(eq(scormPackages.id, 'demo-12'));
    await db.update(scormPackages).set({ files: pkg.files.filter((f) => f.path !== 'sco.js') }).where(eq(scormPackages.id, 'demo-12'));
    try {
      expect((await ctx.request('/scorm/demo-12/sco.js')).status).toBe(404);
      expect((await ctx.request('/scorm/demo-12/index.html')).status).toBe(200);
    } finally {
      await db.update(scormPackages).set({ files: pkg.files }).where(eq(scormPackages.id, 'demo-12'));
    }
  });

  it.each([
    ['an unlisted file', '/scorm/demo-12/secret.txt'],
    ['a path out of the package', '/scorm/demo-12/..%2F..%2Fdemo-scorm.ts'],
    // (A plain or %2e%2e segment is resolved by the URL parser before the route sees it.)
    ['an encoded dot-dot inside the name', '/scorm/demo-12/x%2F%2e%2e%2Findex.html'],
    ['a backslash', '/scorm/demo-12/..%5Cindex.html'],
    ['an unknown package', '/scorm/nope/index.html'],
    ['a package id that is not one', '/scorm/DEMO_12/index.html'],
    ['the package folder itself', '/scorm/demo-12/'],
  ])('answers 404 for %s', async (_name, url) => {
    expect((await ctx.request(url)).status).toBe(404);
  });
});
