import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsListResponseSchema } from '../../src/api/schemas/news.schema';
import { DEFAULT_COVER_URL, HEADER } from '../../src/config/constants';
import { createContentTestContext, createCourse, createDepartment, createNews, tri, type ContentTestContext } from '../testing/content-factory';

let ctx: ContentTestContext;
let token: string;
let courseId: number;

const news = async (query = '', lang?: string) => {
  const res = await ctx.request(`/api/news${query}`, { token, headers: lang ? { [HEADER.language]: lang } : {} });
  expect(res.status).toBe(200);
  return newsListResponseSchema.parse(await res.json());
};

beforeAll(async () => {
  ctx = await createContentTestContext();
  const db = ctx.database.db;
  courseId = await createCourse(db, { departmentId: await createDepartment(db, tri('Training')), title: tri('New course'), publishedAt: new Date('2025-01-01T00:00:00Z') });
  await createNews(db, { kind: 'news', title: tri('Office moves', '辦公室搬遷', '办公室搬迁'), body: tri('We move in May.', '五月搬遷。', '五月搬迁。'), publishedAt: new Date('2025-03-01T00:00:00Z') });
  await createNews(db, { kind: 'highlight', title: tri('Try the new course'), publishedAt: new Date('2025-04-01T00:00:00Z'), courseId });
  await createNews(db, { kind: 'news', title: tri('Awards night'), publishedAt: new Date('2025-02-01T00:00:00Z') });
  await createNews(db, { kind: 'news', title: tri('Not yet'), publishedAt: new Date(ctx.clock.now() + 86_400_000) });
  token = await ctx.login('agent01', 'Learner2026');
});
afterAll(() => ctx?.close());

describe('GET /api/news', () => {
  it('lists published news and highlights, newest first', async () => {
    const page = await news();
    expect(page).toMatchObject({ page: 1, per_page: 12, total: 3 });
    expect(page.data.map((n) => n.title)).toEqual(['Try the new course', 'Office moves', 'Awards night']);
    expect(page.data[0]).toEqual({
      id: expect.any(String),
      kind: 'highlight',
      title: 'Try the new course',
      body: 'Body of Try the new course',
      cover_url: DEFAULT_COVER_URL,
      published_at: '2025-04-01T00:00:00.000Z',
      course_id: String(courseId),
    });
    expect(page.data[1].course_id).toBeNull();
  });

  it('filters by kind, pages, and answers in the request’s language', async () => {
    expect((await news('?kind=highlight')).data.map((n) => n.title)).toEqual(['Try the new course']);
    const second = await news('?kind=news&per_page=1&page=2', 'zh-CN');
    expect(second).toMatchObject({ total: 2, page: 2, per_page: 1 });
    expect(second.data.map((n) => n.title)).toEqual(['Awards night（简）']);
    const zh = await news('?kind=news&per_page=1', 'zh-HK');
    expect(zh.data.map((n) => [n.title, n.body])).toEqual([['辦公室搬遷', '五月搬遷。']]);
  });

  it('refuses a bad kind or page (400) and anonymous callers (401)', async () => {
    expect((await ctx.request('/api/news?kind=gossip', { token })).status).toBe(400);
    const res = await ctx.request('/api/news?per_page=0', { token });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('The page number or page size is not valid.');
    expect((await ctx.request('/api/news')).status).toBe(401);
  });
});
