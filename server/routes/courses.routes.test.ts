import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseDetailSchema, courseListResponseSchema, type CourseCard } from '../../src/api/schemas/courses.schema';
import { materialListResponseSchema } from '../../src/api/schemas/materials.schema';
import { eq } from 'drizzle-orm';
import { DEFAULT_COVER_URL, HEADER } from '../../src/config/constants';
import { courses } from '../db/schema';
import {
  createAttachment,
  createAttachmentItem,
  createContentTestContext,
  createCourse,
  createDepartment,
  createLesson,
  createReadingItem,
  signIn,
  tri,
  type ContentTestContext,
  type Learner,
} from '../testing/content-factory';

let ctx: ContentTestContext;
let learner01: Learner;
let agent01: string;
let agent02: string;
let agent03: string;
const ids = {} as Record<'compliance' | 'sales' | 'aml' | 'selling' | 'product' | 'future' | 'care' | 'lesson1' | 'lesson2' | 'r1' | 'r2' | 'pdfItem' | 'pdf' | 'docx' | 'hidden', number>;

const get = (path: string, token = agent01, lang?: string) => ctx.request(path, { token, headers: lang ? { [HEADER.language]: lang } : {} });
const list = async (path: string, token = agent01, lang?: string) => {
  const res = await get(path, token, lang);
  expect(res.status, await res.clone().text()).toBe(200);
  return courseListResponseSchema.parse(await res.json());
};
const titles = (page: { data: CourseCard[] }) => page.data.map((c) => c.title);

beforeAll(async () => {
  ctx = await createContentTestContext();
  const db = ctx.database.db;
  ids.compliance = await createDepartment(db, tri('Compliance', '合規部', '合规部'));
  ids.sales = await createDepartment(db, tri('Sales'));
  ids.aml = await createCourse(db, {
    departmentId: ids.compliance,
    title: tri('Anti-Money Laundering', '反洗錢', '反洗钱'),
    description: tri('Spot suspicious transactions', '識別可疑交易', '识别可疑交易'),
    kind: 'compulsory',
    publishedAt: new Date('2025-01-10T00:00:00Z'),
    clicks: 5,
    cpdHours: 2.5,
  });
  ids.selling = await createCourse(db, { departmentId: ids.sales, title: tri('Selling Skills'), kind: 'elective', publishedAt: new Date('2025-03-01T00:00:00Z'), clicks: 1, coverUrl: '/assets/covers/selling.svg' });
  ids.product = await createCourse(db, {
    departmentId: ids.sales,
    title: tri('Product Knowledge'),
    description: tri('Learn about our INSURANCE plans'),
    kind: 'recommended',
    publishedAt: new Date('2025-02-01T00:00:00Z'),
    clicks: 9,
  });
  ids.care = await createCourse(db, { departmentId: ids.compliance, title: tri('Customer Care'), kind: 'elective', publishedAt: new Date('2025-04-01T00:00:00Z'), clicks: 7 });
  ids.future = await createCourse(db, { departmentId: ids.sales, title: tri('Future Course'), kind: 'elective', publishedAt: new Date(ctx.clock.now() + 365 * 86_400_000) });

  ids.lesson1 = await createLesson(db, ids.aml, tri('Basics', '基礎', '基础'), 1);
  ids.lesson2 = await createLesson(db, ids.aml, tri('Practice'), 2);
  ids.r1 = await createReadingItem(db, { courseId: ids.aml, lessonId: ids.lesson1, title: tri('What is AML'), body: tri('Para one.\n\nPara two.', '第一段。', '第一段。'), requiredSeconds: 60, position: 1 });
  const pdf = await createAttachment(ctx.deps, { name: 'aml-guide.pdf', type: 'pdf', content: Buffer.from('%PDF-1.4 guide'), pageCount: 12 });
  ids.pdf = pdf.id;
  ids.pdfItem = await createAttachmentItem(db, { courseId: ids.aml, lessonId: ids.lesson1, attachmentId: ids.pdf, title: tri('The guide'), position: 2 });
  ids.r2 = await createReadingItem(db, { courseId: ids.aml, lessonId: ids.lesson2, title: tri('Cases'), requiredSeconds: 30 });
  ids.docx = (await createAttachment(ctx.deps, { name: 'form.docx', type: 'docx', language: 'zh-Hant', content: Buffer.from('PK docx'), encrypted: false })).id;
  ids.hidden = (await createAttachment(ctx.deps, { name: 'internal.mp4', type: 'mp4', content: Buffer.from('video'), isMaterial: false })).id;

  learner01 = await signIn(ctx, 'agent01');
  const learner02 = await signIn(ctx, 'agent02');
  const learner03 = await signIn(ctx, 'agent03');
  [agent01, agent02, agent03] = [learner01.token, learner02.token, learner03.token];
  // Ranking data: Selling Skills 2 enrolments; Product Knowledge 1 enrolment and 1 like.
  for (const learner of [learner02, learner03]) expect((await learner.request(`/api/courses/${ids.selling}/enrol`, { method: 'POST' })).status).toBe(204);
  expect((await learner02.request(`/api/courses/${ids.product}/enrol`, { method: 'POST' })).status).toBe(204);
  expect((await learner03.request(`/api/courses/${ids.product}/like`, { method: 'PUT' })).status).toBe(204);
});
afterAll(() => ctx?.close());

describe('course lists', () => {
  it('ranking: enrolment count, then likes, then clicks; unpublished courses never show', async () => {
    const page = await list('/api/courses/ranking');
    expect(titles(page)).toEqual(['Selling Skills', 'Product Knowledge', 'Customer Care', 'Anti-Money Laundering']);
    expect(page.data.map((c) => [c.enrolment_count, c.likes, c.clicks])).toEqual([
      [2, 0, 1],
      [1, 1, 9],
      [0, 0, 7],
      [0, 0, 5],
    ]);
    expect(page.total).toBe(4);
  });

  it('all: by title, with the card fields; liked and status are the caller’s own', async () => {
    const page = await list('/api/courses');
    expect(titles(page)).toEqual(['Anti-Money Laundering', 'Customer Care', 'Product Knowledge', 'Selling Skills']);
    expect(page.data[0]).toEqual({
      id: String(ids.aml),
      title: 'Anti-Money Laundering',
      kind: 'compulsory',
      department: 'Compliance',
      published_at: '2025-01-10T00:00:00.000Z',
      enrolment_count: 0,
      clicks: 5,
      likes: 0,
      liked: false,
      cover_url: DEFAULT_COVER_URL,
      cpd_hours: 2.5,
      status: 'not_enrolled',
      progress: 0,
    });
    expect(page.data[3]).toMatchObject({ cover_url: '/assets/covers/selling.svg', status: 'not_enrolled' });
    const seenByAgent03 = await list('/api/courses', agent03);
    expect(seenByAgent03.data.find((c) => c.title === 'Product Knowledge')).toMatchObject({ liked: true, status: 'not_enrolled' });
    expect(seenByAgent03.data.find((c) => c.title === 'Selling Skills')).toMatchObject({ liked: false, status: 'in_progress' });
  });

  it('latest is newest first; recommended holds only that kind', async () => {
    expect(titles(await list('/api/courses/latest'))).toEqual(['Customer Care', 'Selling Skills', 'Product Knowledge', 'Anti-Money Laundering']);
    expect(titles(await list('/api/courses/recommended'))).toEqual(['Product Knowledge']);
    expect(titles(await list('/api/courses/recommended?kind=elective'))).toEqual(['Product Knowledge']);
  });

  it('filters by kind, department (id or name) and text, and pages', async () => {
    expect(titles(await list('/api/courses?kind=elective'))).toEqual(['Customer Care', 'Selling Skills']);
    expect(titles(await list(`/api/courses?department=${ids.compliance}`))).toEqual(['Anti-Money Laundering', 'Customer Care']);
    expect(titles(await list('/api/courses?department=sales'))).toEqual(['Product Knowledge', 'Selling Skills']);
    expect(titles(await list(`/api/courses?department=${ids.sales}&kind=recommended`))).toEqual(['Product Knowledge']);
    expect(titles(await list('/api/courses?q=care'))).toEqual(['Customer Care']);
    const second = await list('/api/courses?page=2&per_page=3');
    expect(second).toMatchObject({ page: 2, per_page: 3, total: 4 });
    expect(titles(second)).toEqual(['Selling Skills']);
    expect((await list('/api/courses?page=5')).data).toEqual([]);
  });

  it('every page says the total of its list and filters, a page past the end too (ADR 043)', async () => {
    expect(await list('/api/courses?page=5')).toMatchObject({ data: [], total: 4 });
    expect(await list('/api/courses?kind=elective&per_page=1')).toMatchObject({ total: 2 });
    expect(await list('/api/courses?department=sales&page=3&per_page=1')).toMatchObject({ data: [], total: 2 });
    expect(await list(`/api/courses/latest?department=${ids.compliance}&page=2&per_page=1`)).toMatchObject({ total: 2 });
    expect(await list('/api/courses?q=no-such-course')).toMatchObject({ data: [], total: 0 });
    // A search counts its matches in the read of its page (a window, ADR 046): the published ones
    // only (the future course has an "e" too), on every page and past the end.
    expect(await list('/api/courses/search?q=e&per_page=1')).toMatchObject({ total: 4 });
    expect(await list('/api/courses/search?q=e&per_page=3&page=2')).toMatchObject({ total: 4 });
    expect(await list('/api/courses/search?q=e&per_page=3&page=3')).toMatchObject({ data: [], total: 4 });
    expect(titles(await list('/api/courses/search?q=e&per_page=3&page=2'))).toHaveLength(1);
  });

  it('q filters every list in that list’s own order, page by page (ADR 055: a search sorts ids, then reads the page’s cards)', async () => {
    const matched = new Set(titles(await list('/api/courses/search?q=IN&per_page=50')));
    expect(matched.size).toBeGreaterThan(1);
    const pages = async (path: string) => {
      const seen: string[] = [];
      const totals = new Set<number>();
      for (let page = 1; ; page += 1) {
        const result = await list(`${path}${path.includes('?') ? '&' : '?'}per_page=2&page=${page}`);
        seen.push(...titles(result));
        totals.add(result.total);
        // Every page, the one past the end too, says the same total.
        if (result.data.length < 2) return { seen, totals: [...totals] };
      }
    };
    for (const [path, unfiltered] of [
      ['/api/courses?q=in', '/api/courses'],
      ['/api/courses/latest?q=in', '/api/courses/latest'],
      ['/api/courses/search?q=in', '/api/courses/latest'],
      ['/api/courses/ranking?q=in', '/api/courses/ranking'],
      ['/api/courses/recommended?q=in', '/api/courses/recommended'],
      ['/api/courses/mine?q=in', '/api/courses/mine'],
      [`/api/courses?q=in&department=sales`, `/api/courses?department=sales`],
    ]) {
      const expected = titles(await list(`${unfiltered}${unfiltered.includes('?') ? '&' : '?'}per_page=50`)).filter((t) => matched.has(t));
      expect(await pages(path), path).toEqual({ seen: expected, totals: [expected.length] });
    }
  });

  it('search matches title and description in any language and letter case; q is required', async () => {
    expect(titles(await list('/api/courses/search?q=MONEY'))).toEqual(['Anti-Money Laundering']);
    expect(titles(await list(`/api/courses/search?q=${encodeURIComponent('反洗錢')}`))).toEqual(['Anti-Money Laundering']);
    expect(titles(await list(`/api/courses/search?q=${encodeURIComponent('可疑')}`))).toEqual(['Anti-Money Laundering']);
    expect(titles(await list('/api/courses/search?q=insurance'))).toEqual(['Product Knowledge']);
    expect(titles(await list('/api/courses/search?q=%25'))).toEqual([]);
    // One stored text holds the six fields (migration 0018); a match must still lie within one of them.
    expect(titles(await list(`/api/courses/search?q=${encodeURIComponent('Laundering\u001f反洗錢')}`))).toEqual([]);
    expect(titles(await list(`/api/courses/search?q=${encodeURIComponent('Laundering 反洗錢')}`))).toEqual([]);
    // The stored search text follows an edited course (a generated column, recomputed on update).
    const db = ctx.database.db;
    await db.update(courses).set({ description: tri('Know your customer', '認識你的客戶', '认识你的客户') }).where(eq(courses.id, ids.care));
    expect(titles(await list('/api/courses/search?q=customer'))).toEqual(['Customer Care']);
    expect(titles(await list(`/api/courses/search?q=${encodeURIComponent('認識你')}`))).toEqual(['Customer Care']);
    const missing = await get('/api/courses/search');
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ status_code: 400, message: 'Please enter what to search for.' });
    const blank = await get('/api/courses/search?q=%20%20', agent01, 'zh-CN');
    expect(await blank.json()).toEqual({ status_code: 400, message: '请输入搜索内容。' });
  });

  it('answers texts in the request’s language', async () => {
    const zh = await list(`/api/courses?department=${ids.compliance}`, agent01, 'zh-HK');
    // Sorted by the Chinese titles: Latin letters come before CJK ones.
    expect(zh.data.map((c) => [c.title, c.department])).toEqual([
      ['Customer Care（繁）', '合規部'],
      ['反洗錢', '合規部'],
    ]);
    const cn = await list('/api/courses/search?q=money', agent01, 'zh-CN');
    expect(cn.data.map((c) => [c.title, c.department])).toEqual([['反洗钱', '合规部']]);
  });

  it('mine: only the caller’s enrolments, latest first, filtered by status', async () => {
    expect((await list('/api/courses/mine', agent01)).data).toEqual([]);
    expect(titles(await list('/api/courses/mine', agent02))).toEqual(['Product Knowledge', 'Selling Skills']);
    expect(titles(await list('/api/courses/mine?status=in_progress', agent02))).toEqual(['Product Knowledge', 'Selling Skills']);
    expect((await list('/api/courses/mine?status=completed', agent02)).data).toEqual([]);
    expect(titles(await list('/api/courses/mine?kind=recommended', agent02))).toEqual(['Product Knowledge']);
  });

  it('refuses bad parameters with a translated 400 and anonymous callers with 401', async () => {
    const cases: [string, string][] = [
      ['/api/courses?per_page=51', 'The page number or page size is not valid.'],
      ['/api/courses/latest?page=0', 'The page number or page size is not valid.'],
      [`/api/courses/search?q=${'x'.repeat(101)}`, 'The text is too long.'],
    ];
    for (const [path, message] of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect((await res.json()).message).toBe(message);
    }
    // NUL cannot be stored or compared in PostgreSQL text: refused by the schemas (issue 11 §4).
    for (const path of ['/api/courses?q=a%00', '/api/courses/latest?department=%00', '/api/courses/search?q=%00', '/api/courses/mine?q=x%00y', '/api/materials?q=%00']) {
      const res = await get(path, agent01, 'zh-HK');
      expect(res.status, path).toBe(400);
      expect(await res.json()).toEqual({ status_code: 400, message: '文字包含不允許的字元（NUL）。' });
    }
    expect((await get('/api/courses?kind=mandatory')).status).toBe(400);
    expect((await get('/api/courses/mine?status=done')).status).toBe(400);
    for (const path of ['/api/courses', '/api/courses/ranking', `/api/courses/${ids.aml}`, '/api/courses/departments', '/api/materials']) {
      expect((await ctx.request(path)).status, path).toBe(401);
    }
  });
});

describe('GET /api/courses/departments', () => {
  it('lists the departments in the request’s language', async () => {
    const res = await get('/api/courses/departments', agent01, 'zh-HK');
    expect(await res.json()).toEqual([
      { id: String(ids.compliance), name: '合規部' },
      { id: String(ids.sales), name: 'Sales（繁）' },
    ]);
  });
});

describe('GET /api/courses/{id}', () => {
  it('answers lessons and items in order with the caller’s progress, and counts a click', async () => {
    const res = await get(`/api/courses/${ids.aml}`, agent01, 'zh-HK');
    expect(res.status).toBe(200);
    const detail = courseDetailSchema.parse(await res.json());
    expect(detail).toMatchObject({ id: String(ids.aml), title: '反洗錢', description: '識別可疑交易', clicks: 6, status: 'not_enrolled', progress: 0 });
    expect(detail).toMatchObject({ completed_items: 0, total_items: 3, completed_at: null });
    expect(detail.lessons.map((l) => [l.title, l.items.map((i) => i.id)])).toEqual([
      ['基礎', [String(ids.r1), String(ids.pdfItem)]],
      ['Practice（繁）', [String(ids.r2)]],
    ]);
    expect(detail.lessons[0].items[0]).toEqual({
      id: String(ids.r1),
      title: 'What is AML（繁）',
      kind: 'reading',
      body: '第一段。',
      required_seconds: 60,
      duration: 0,
      attachment: null,
      completed: false,
    });
    expect(detail.lessons[0].items[1]).toEqual({
      id: String(ids.pdfItem),
      title: 'The guide（繁）',
      kind: 'attachment',
      body: '',
      required_seconds: 0,
      duration: 0,
      attachment: { id: String(ids.pdf), name: 'aml-guide.pdf', type: 'pdf', size: 32, language: 'en', media_duration: 0, page_count: 12, completed: false },
      completed: false,
    });
    const again = courseDetailSchema.parse(await (await get(`/api/courses/${ids.aml}`)).json());
    expect(again.clicks).toBe(7);
  });

  it('404s an unknown or unpublished course (translated), 400s an id that is not one', async () => {
    const unknown = await get('/api/courses/999999', agent01, 'zh-HK');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ status_code: 404, message: '此課程不存在。' });
    expect((await get(`/api/courses/${ids.future}`)).status).toBe(404);
    expect((await get(`/api/courses/${Number.MAX_SAFE_INTEGER}`)).status).toBe(404);
    // Beyond a safe integer the id could not be read exactly: refused as not an id (ADR 014).
    expect((await get('/api/courses/999999999999999999')).status).toBe(400);
    const bad = await get('/api/courses/abc');
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('The id is not valid.');
  });
});

describe('enrol and like', () => {
  it('enrols once whatever the repeats; the card shows it', async () => {
    for (let i = 0; i < 2; i++) expect((await learner01.request(`/api/courses/${ids.aml}/enrol`, { method: 'POST' })).status).toBe(204);
    const detail = courseDetailSchema.parse(await (await get(`/api/courses/${ids.aml}`)).json());
    expect(detail).toMatchObject({ status: 'in_progress', enrolment_count: 1, progress: 0 });
    expect(titles(await list('/api/courses/mine?status=in_progress'))).toEqual(['Anti-Money Laundering']);
    expect((await learner01.request('/api/courses/999999/enrol', { method: 'POST' })).status).toBe(404);
    expect((await learner01.request(`/api/courses/${ids.future}/enrol`, { method: 'POST' })).status).toBe(404);
  });

  it('likes and unlikes idempotently; each learner has their own like', async () => {
    const like = (method: string) => learner01.request(`/api/courses/${ids.care}/like`, { method });
    const card = async (token = agent01) => (await list('/api/courses?q=care', token)).data[0];
    expect((await like('PUT')).status).toBe(204);
    expect((await like('PUT')).status).toBe(204);
    expect(await card()).toMatchObject({ likes: 1, liked: true });
    expect(await card(agent02)).toMatchObject({ likes: 1, liked: false });
    expect((await like('DELETE')).status).toBe(204);
    expect((await like('DELETE')).status).toBe(204);
    expect(await card()).toMatchObject({ likes: 0, liked: false });
    expect((await learner01.request('/api/courses/999999/like', { method: 'PUT' })).status).toBe(404);
    expect((await ctx.request(`/api/courses/${ids.care}/like`, { method: 'PUT', token: agent01, headers: { [HEADER.xsrf]: 'forged' } })).status).toBe(403);
  });
});

describe('GET /api/materials', () => {
  it('lists material attachments with their course, filtered by type, language and name', async () => {
    const res = await get('/api/materials', agent01, 'zh-CN');
    expect(res.status).toBe(200);
    const page = materialListResponseSchema.parse(await res.json());
    expect(page.total).toBe(2);
    const byName = Object.fromEntries(page.data.map((m) => [m.name, m]));
    expect(byName['aml-guide.pdf']).toMatchObject({ id: String(ids.pdf), course_id: String(ids.aml), course_title: '反洗钱', type: 'pdf', page_count: 12 });
    expect(byName['form.docx']).toMatchObject({ course_id: null, course_title: null, language: 'zh-Hant', likes: 0, liked: false, completed: false });
    const only = async (query: string) => materialListResponseSchema.parse(await (await get(`/api/materials?${query}`)).json()).data.map((m) => m.name);
    expect(await only('type=docx')).toEqual(['form.docx']);
    expect(await only('language=en')).toEqual(['aml-guide.pdf']);
    expect(await only('q=GUIDE')).toEqual(['aml-guide.pdf']);
    expect(await only('q=internal')).toEqual([]);
    expect(await only('per_page=1&page=3')).toEqual([]);
    expect((await get('/api/materials?type=exe')).status).toBe(400);
    expect((await get('/api/materials?language=fr')).status).toBe(400);
  });
});

describe('OpenAPI document', () => {
  it('describes every learning-content operation with a summary and its answers', async () => {
    const doc = await (await ctx.request('/api/openapi.json')).json();
    const operations: [string, string, number[]][] = [
      ['/api/courses', 'get', [200, 400, 401]],
      ...['latest', 'ranking', 'recommended', 'mine', 'search'].map((list): [string, string, number[]] => [`/api/courses/${list}`, 'get', [200, 400, 401]]),
      ['/api/courses/departments', 'get', [200, 401]],
      ['/api/courses/{id}', 'get', [200, 400, 401, 404]],
      ['/api/courses/{id}/enrol', 'post', [204, 404]],
      ['/api/courses/{id}/like', 'put', [204, 404]],
      ['/api/courses/{id}/like', 'delete', [204, 404]],
      ['/api/materials', 'get', [200, 400]],
      ['/api/news', 'get', [200, 400]],
      ['/api/attachments/{id}', 'get', [200, 404]],
      ['/api/attachments/{id}/generate_download', 'get', [200, 404]],
      ['/api/attachments/{id}/like', 'put', [204]],
      ['/api/attachments/{id}/like', 'delete', [204]],
      ['/api/attachments/{id}/status', 'put', [200, 400, 403, 404]],
      ['/api/attachments/{id}/finish', 'put', [204, 400, 404]],
      ['/api/attachments/{id}/stream', 'get', [200, 400, 404]],
      ['/api/attachments/{id}/stream_key', 'get', [200, 404]],
      ['/api/files/{token}', 'get', [200, 404]],
      ['/api/on_screen_log/{id}', 'put', [200, 400, 403, 404]],
      ['/api/viewings', 'post', [201, 400, 404]],
      ['/api/on_screen_log/course/{id}/total', 'get', [200, 404]],
    ];
    for (const [path, method, statuses] of operations) {
      const operation = doc.paths[path]?.[method];
      expect(operation?.summary, `${method} ${path}`).toEqual(expect.any(String));
      for (const status of statuses) expect(operation.responses[status], `${method} ${path} ${status}`).toBeDefined();
    }
    expect(doc.paths['/api/files/{token}'].get.security).toBeUndefined();
    expect(doc.paths['/api/attachments/{id}/stream'].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['id', 'uri']);
  });
});
