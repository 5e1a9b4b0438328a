import { and, count, desc, eq, lte, type SQL } from 'drizzle-orm';
import type { NewsListResponse, NewsQuery } from '../../src/api/schemas/news.schema';
import { DEFAULT_COVER_URL, type Language } from '../../src/config/constants';
import type { Db } from '../db/client';
import { news } from '../db/schema';
import { localize, paging } from './courses';

/** GET news: published news and highlights, newest first, texts in the request's language. */
export async function listNews(db: Db, query: NewsQuery, { lang, now }: { lang: Language; now: Date }): Promise<NewsListResponse> {
  const where: SQL[] = [lte(news.publishedAt, now)];
  if (query.kind) where.push(eq(news.kind, query.kind));
  const [{ total }] = await db.select({ total: count() }).from(news).where(and(...where));
  const { limit, offset } = paging(query.page, query.per_page);
  const rows = await db
    .select()
    .from(news)
    .where(and(...where))
    .orderBy(desc(news.publishedAt), desc(news.id))
    .limit(limit)
    .offset(offset);
  return {
    data: rows.map((n) => ({
      id: String(n.id),
      kind: n.kind,
      title: localize(n.title, lang),
      body: localize(n.body, lang),
      cover_url: n.coverUrl ?? DEFAULT_COVER_URL,
      published_at: n.publishedAt.toISOString(),
      course_id: n.courseId === null ? null : String(n.courseId),
    })),
    page: query.page,
    per_page: query.per_page,
    total,
  };
}
