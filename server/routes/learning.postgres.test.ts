import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER } from '../../src/config/constants';
import { createApp } from '../app';
import { createManualClock } from '../clock';
import { testConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { seedIfEmpty } from '../db/seed';
import { createMailer } from '../mail/mailer';
import { createFileStore } from '../storage/file-store';
import {
  createAttachment,
  createAttachmentItem,
  createCourse,
  createDepartment,
  createLesson,
  createReadingItem,
  resetContent,
  tri,
} from '../testing/content-factory';

// The demo's accounts sign in only from this machine (issue 43 §12): the socket @hono/node-server would give.
const LOOPBACK = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };

// The learning routes on PostgreSQL, where requests really run side by side (PGlite serves one
// query at a time): duplicate sends from two server processes store one record. Runs only with
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx vitest run server/routes/learning.postgres.test.ts
const adminUrl = process.env.TEST_DATABASE_URL;
const SECRET = 'postgres-learning-test-secret-long-enough-for-hs256';

describe.skipIf(!adminUrl)('learning content on PostgreSQL (TEST_DATABASE_URL)', () => {
  const name = `aa_learning_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agent-academy-pg-content-'));
  let admin: postgres.Sql;
  const dbs: Database[] = [];
  let apps: ReturnType<typeof createApp>['app'][];
  let headers: Record<string, string>;
  // One server clock for both processes: viewings and records are placed on it (ADR 012).
  const clock = createManualClock(Date.now());
  const ids = {} as Record<'course' | 'reading' | 'pdf', number>;
  /** Courses of one reading and one PDF each, for completion by two concurrent last pieces. */
  const pairs: { course: number; reading: number; pdf: number }[] = [];

  beforeAll(async () => {
    admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const u = new URL(adminUrl!);
    u.pathname = `/${name}`;
    for (let i = 0; i < 2; i++) dbs.push(await openDatabase({ kind: 'postgres', url: u.toString() }));
    const db = dbs[0].db;
    await seedIfEmpty(db);
    await resetContent(db);
    const files = createFileStore(path.join(dataDir, 'files'));
    const department = await createDepartment(db, tri('Compliance', '合規部', '合规部'));
    ids.course = await createCourse(db, { departmentId: department, title: tri('Anti-Money Laundering', '反洗錢', '反洗钱'), publishedAt: new Date('2025-01-01T00:00:00Z') });
    const lesson = await createLesson(db, ids.course, tri('Basics'));
    ids.reading = await createReadingItem(db, { courseId: ids.course, lessonId: lesson, title: tri('Read'), requiredSeconds: 5 });
    ids.pdf = (await createAttachment({ db, files }, { name: 'guide.pdf', type: 'pdf', content: Buffer.from('%PDF'), pageCount: 2 })).id;
    await createAttachmentItem(db, { courseId: ids.course, lessonId: lesson, attachmentId: ids.pdf, title: tri('Guide'), position: 2 });
    for (let i = 0; i < 5; i++) {
      const course = await createCourse(db, { departmentId: department, title: tri(`Pair ${i}`), publishedAt: new Date('2025-01-01T00:00:00Z') });
      const pairLesson = await createLesson(db, course, tri('L'));
      const reading = await createReadingItem(db, { courseId: course, lessonId: pairLesson, title: tri('Read'), requiredSeconds: 1 });
      const pdf = (await createAttachment({ db, files }, { name: `pair-${i}.pdf`, type: 'pdf', content: Buffer.from('%PDF') })).id;
      await createAttachmentItem(db, { courseId: course, lessonId: pairLesson, attachmentId: pdf, title: tri('Guide'), position: 2 });
      pairs.push({ course, reading, pdf });
    }

    // Two server processes on one database.
    apps = dbs.map((d) => createApp({ config: { ...testConfig(), dataDir }, db: d.db, secret: SECRET, mailer: createMailer({ db: d.db, from: 'x <x@x.test>' }), log: () => {}, clock }).app);
    const first = /XSRF-TOKEN=([^;]*)/.exec((await apps[0].request('/api/app-config')).headers.get('set-cookie')!)![1];
    const login = await apps[0].request('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: `XSRF-TOKEN=${first}`, [HEADER.xsrf]: first },
      body: JSON.stringify({ external_id: 'agent01', password: 'Learner2026' }),
    }, LOOPBACK);
    expect(login.status).toBe(200);
    const cookie = /XSRF-TOKEN=([^;]*)/.exec(login.headers.get('set-cookie')!)![1];
    headers = { Authorization: `Bearer ${await login.text()}`, Cookie: `XSRF-TOKEN=${cookie}`, [HEADER.xsrf]: cookie, 'Content-Type': 'application/json' };
  });
  afterAll(async () => {
    await Promise.all(dbs.map((d) => d.close()));
    await admin?.unsafe(`drop database if exists ${name} with (force)`);
    await admin?.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** ADR 012: the item is opened (a viewing) and `seconds` pass on the shared server clock. */
  const view = async (target: object, seconds: number) => {
    const res = await call('/api/viewings', { method: 'POST', body: JSON.stringify(target) });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const key = clock.now();
    clock.advance(seconds * 1000);
    return { viewing_id: id, key };
  };
  const call = (path: string, init: RequestInit = {}, app = 0) => apps[app].request(path, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });

  it('answers the lists, search and detail (the same SQL as on PGlite)', async () => {
    for (const list of ['', '/latest', '/ranking', '/recommended', '/mine', `/search?q=${encodeURIComponent('洗錢')}`, '?department=compliance&kind=compulsory']) {
      const res = await call(`/api/courses${list}`, { headers: { [HEADER.language]: 'zh-HK' } });
      expect(res.status, list).toBe(200);
    }
    const found = await (await call(`/api/courses/search?q=${encodeURIComponent('洗錢')}`, { headers: { [HEADER.language]: 'zh-HK' } })).json();
    expect(found.data.map((c: { title: string; department: string }) => [c.title, c.department])).toEqual([['反洗錢', '合規部']]);
    const detail = await (await call(`/api/courses/${ids.course}`)).json();
    expect(detail).toMatchObject({ clicks: 1, total_items: 2, status: 'not_enrolled' });
    expect((await call('/api/materials')).status).toBe(200);
    expect((await call(`/api/attachments/${ids.pdf}`)).status).toBe(200);
  });

  it('stores exactly one of ten concurrent sends of one key across two processes', async () => {
    const body = JSON.stringify({ duration: 3, ...(await view({ item_id: String(ids.reading) }, 3)) });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => call(`/api/on_screen_log/${ids.reading}`, { method: 'PUT', body }, i % 2)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(403)]);
    expect(await (await call(`/api/on_screen_log/course/${ids.course}/total`)).json()).toEqual({ total_duration: 3 });

    const status = JSON.stringify({ completed_pages: 2, duration: 2, ...(await view({ attachment_id: String(ids.pdf) }, 2)) });
    const sent = await Promise.all(Array.from({ length: 6 }, (_, i) => call(`/api/attachments/${ids.pdf}/status`, { method: 'PUT', body: status }, i % 2)));
    expect(sent.map((r) => r.status).sort()).toEqual([200, 403, 403, 403, 403, 403]);
    // Two tabs' records of the same seconds, on two processes at once: credited once (the learner's row lock).
    const a = await view({ item_id: String(ids.reading) }, 0);
    const b = await view({ item_id: String(ids.reading) }, 5);
    const twice = await Promise.all([a, b].map((v, i) => call(`/api/on_screen_log/${ids.reading}`, { method: 'PUT', body: JSON.stringify({ duration: 5, key: v.key + i, viewing_id: v.viewing_id }) }, i)));
    const credits = (await Promise.all(twice.map((r) => r.json()))) as Array<{ credited: number }>;
    expect(credits[0].credited + credits[1].credited).toBeLessThanOrEqual(5);
  });

  it('completes the course once every item is done', async () => {
    expect((await call(`/api/on_screen_log/${ids.reading}`, { method: 'PUT', body: JSON.stringify({ duration: 2, ...(await view({ item_id: String(ids.reading) }, 2)) }) })).status).toBe(200);
    await view({ attachment_id: String(ids.pdf) }, 0);
    const finishes = await Promise.all([0, 1].map((app) => call(`/api/attachments/${ids.pdf}/finish`, { method: 'PUT' }, app)));
    expect(finishes.map((r) => r.status)).toEqual([204, 204]);
    expect(await (await call(`/api/on_screen_log/course/${ids.course}/total`)).json()).toEqual(['Course has already completed']);
    const { url } = await (await call(`/api/attachments/${ids.pdf}/generate_download`)).json();
    expect((await apps[1].request(url)).status).toBe(200);
  });

  it('completes a course whose last two pieces arrive at the same time on two processes', async () => {
    for (const { course, reading, pdf } of pairs) {
      expect((await call(`/api/courses/${course}/enrol`, { method: 'POST' })).status).toBe(204);
      await view({ attachment_id: String(pdf) }, 0);
      const record = await view({ item_id: String(reading) }, 1);
      const [logged, finished] = await Promise.all([
        call(`/api/on_screen_log/${reading}`, { method: 'PUT', body: JSON.stringify({ duration: 1, ...record }) }, 0),
        call(`/api/attachments/${pdf}/finish`, { method: 'PUT' }, 1),
      ]);
      expect([logged.status, finished.status]).toEqual([200, 204]);
      expect(await (await call(`/api/on_screen_log/course/${course}/total`)).json(), `course ${course}`).toEqual(['Course has already completed']);
    }
  });
});
