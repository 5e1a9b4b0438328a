import { callRoute } from './call-route';
import { listQuery, type CallOptions } from './list-query';
import type { NewsListResponse, NewsQuery } from './schemas/news.schema';
import { listNewsRoute } from './schemas/news.routes';

// News and highlights (issue 5).

export function listNews(query: Partial<NewsQuery> = {}, { signal }: CallOptions = {}): Promise<NewsListResponse> {
  return callRoute(listNewsRoute, { query: listQuery(query), signal });
}
