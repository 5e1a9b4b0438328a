import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scormCommitResultSchema, scormRuntimeSchema } from '../../src/api/schemas/scorm.schema';
import { HEADER } from '../../src/config/constants';
import { scormItems, scormPackages } from '../db/schema';
import { createContentTestContext, createCourse, createDepartment, createLesson, createReadingItem, signIn, tri, type ContentTestContext, type Learner } from '../testing/content-factory';

// ADR 029: GET and PUT /api/scorm/:id/runtime — a launch, commits by (launch, seq), bad input of
// each kind answered with a translated 4xx, and one learner's data never another's.

let ctx: ContentTestContext;
let agent01: Learner;
let agent02: Learner;
let scormItem: number;
let readingItem: number;

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
  ctx = await createContentTestContext();
  const db = ctx.database.db;
  const courseId = await createCourse(db, { departmentId: await createDepartment(db, tri('Dept')), title: tri('SCORM'), publishedAt: new Date('2025-01-01T00:00:00Z') });
  const lessonId = await createLesson(db, courseId, tri('Lesson'));
  scormItem = await createReadingItem(db, { courseId, lessonId, title: tri('Package'), requiredSeconds: 30 });
  readingItem = await createReadingItem(db, { courseId, lessonId, title: tri('Reading'), requiredSeconds: 30, position: 2 });
  await db.insert(scormPackages).values({ id: 'demo-12', version: '1.2', launchFile: 'index.html', files: [{ path: 'index.html', contentType: 'text/html' }] });
  await db.insert(scormItems).values({ itemId: scormItem, packageId: 'demo-12' });
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
