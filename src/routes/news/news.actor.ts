import { listNews } from '../../api/news.api';
import type { NewsEntry } from '../../api/schemas/news.schema';
import { createPagedListMachine, type ListQuery } from '../../machines/paged-list/paged-list.machine';
import { loadPage } from '../paged-list.actor';

// The news list wired to its call (its own file since ADR 066: the catalogue's pages no longer
// load the news' API and contract).

export const newsListMachine = createPagedListMachine<NewsEntry>('newsList').provide({
  actors: { loadPage: loadPage<NewsEntry, ListQuery>((query, signal) => listNews(query, { signal })) },
});
