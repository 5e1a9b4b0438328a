import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { waitFor } from '../testing/wait-for';
import { createPagedListMachine, pagedListMachine, sameQuery, type ListQuery } from './paged-list.machine';
import type { PagedResponse } from '../../api/schemas/paged.schema';
import { pageCount, selectListView } from './paged-list.selectors';
import { SubmissionError } from '../shared/submission-error';
import { cardPage, sampleCard, secondCard, thirdCard, type CatalogueQuery } from './paged-list.fixtures';
import type { CourseCard } from '../../api/schemas/courses.schema';

const query = (extra: Partial<CatalogueQuery> = {}): CatalogueQuery => ({ list: 'all', page: 1, per_page: 12, ...extra });

interface Call {
  input: CatalogueQuery;
  signal: AbortSignal;
  resolve: (page: PagedResponse<CourseCard>) => void;
  reject: (error: unknown) => void;
}

function start(initial = query()) {
  const calls: Call[] = [];
  const actor = createActor(
    pagedListMachine.provide({
      actors: {
        loadPage: fromPromise<PagedResponse<unknown>, ListQuery>(
          ({ input, signal }) => new Promise((resolve, reject) => calls.push({ input: input as CatalogueQuery, signal, resolve, reject })),
        ),
      },
    }),
    { input: { query: initial } },
  ).start();
  return { actor, calls, view: () => selectListView(actor.getSnapshot()) };
}

describe('paged-list machine', () => {
  it('loads the first query at once and shows the page', async () => {
    const { actor, calls, view } = start();
    expect(view().status).toBe('loading');
    expect(calls.map((c) => c.input)).toEqual([query()]);
    calls[0].resolve(cardPage([sampleCard], 1, 30));
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(view()).toEqual({ status: 'loaded', result: cardPage([sampleCard], 1, 30), failure: null, pages: 3 });
  });

  it('the latest request wins: a slow older answer never overwrites a newer one', async () => {
    const { actor, calls, view } = start();
    actor.send({ type: 'query.change', query: query({ kind: 'elective' }) });
    actor.send({ type: 'query.change', query: query({ kind: 'elective', page: 2 }) });
    expect(calls.map((c) => c.input)).toEqual([query(), query({ kind: 'elective' }), query({ kind: 'elective', page: 2 })]);
    // The abandoned calls are cancelled, so their requests stop too.
    expect(calls.map((c) => c.signal.aborted)).toEqual([true, true, false]);
    calls[2].resolve(cardPage([secondCard], 2, 13));
    await waitFor(actor, (s) => s.matches('loaded'));
    calls[0].resolve(cardPage([thirdCard]));
    calls[1].reject(new SubmissionError('late failure'));
    await new Promise((r) => setTimeout(r, 0));
    expect(view()).toMatchObject({ status: 'loaded', result: cardPage([secondCard], 2, 13), failure: null });
    expect(actor.getSnapshot().context.query).toEqual(query({ kind: 'elective', page: 2 }));
  });

  it('an empty answer is the empty state; a new query leaves it', async () => {
    const { actor, calls } = start();
    calls[0].resolve(cardPage([]));
    await waitFor(actor, (s) => s.matches('empty'));
    actor.send({ type: 'query.change', query: query({ q: 'ethics' }) });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(calls).toHaveLength(2);
  });

  it("a failure shows the server's message; retry loads the same query again", async () => {
    const { actor, calls, view } = start(query({ page: 3 }));
    calls[0].reject(new SubmissionError('The service is unavailable.'));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(view().failure).toEqual({ kind: 'server', message: 'The service is unavailable.' });
    actor.send({ type: 'retry' });
    expect(view()).toMatchObject({ status: 'loading', failure: null });
    expect(calls.map((c) => c.input)).toEqual([query({ page: 3 }), query({ page: 3 })]);
    calls[1].reject(new TypeError('Failed to fetch'));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(view().failure).toEqual({ kind: 'generic' });
  });

  it('the same query again does not reload', async () => {
    const { actor, calls } = start();
    calls[0].resolve(cardPage([sampleCard]));
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'query.change', query: { per_page: 12, page: 1, list: 'all' } });
    expect(calls).toHaveLength(1);
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
  });

  it('compares queries by value and counts pages', () => {
    expect(sameQuery({ a: 1, b: 'x' }, { b: 'x', a: 1 })).toBe(true);
    expect(sameQuery({ a: 1 }, { a: 1, b: 'x' })).toBe(false);
    expect(sameQuery({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(pageCount(null)).toBe(1);
    expect(pageCount(cardPage([], 1, 0))).toBe(1);
    expect(pageCount(cardPage([], 1, 24))).toBe(2);
    expect(pageCount(cardPage([], 1, 25))).toBe(3);
  });

  it('each list makes its own typed machine from the same chart, independent of the others', async () => {
    const catalogue = createPagedListMachine<CourseCard, CatalogueQuery>('catalogue');
    const other = createPagedListMachine<CourseCard, CatalogueQuery>('other');
    expect(catalogue.id).toBe('catalogue');
    const provide = (machine: typeof catalogue) =>
      machine.provide({ actors: { loadPage: fromPromise<PagedResponse<CourseCard>, CatalogueQuery>(async ({ input }) => cardPage(input.page === 1 ? [sampleCard] : [secondCard], input.page, 24)) } });
    const a = createActor(provide(catalogue), { input: { query: query() } }).start();
    const b = createActor(provide(other), { input: { query: query() } }).start();
    await waitFor(a, (s) => s.matches('loaded'));
    await waitFor(b, (s) => s.matches('loaded'));
    a.send({ type: 'query.change', query: query({ page: 2 }) });
    await waitFor(a, (s) => s.matches('loaded') && s.context.query.page === 2);
    // The view is typed by the items: a card's title, no cast.
    const title: string | undefined = selectListView(a.getSnapshot()).result?.data[0].title;
    expect(title).toBe(secondCard.title);
    expect(b.getSnapshot().context.query).toEqual(query());
    expect(selectListView(b.getSnapshot()).result?.data[0].title).toBe(sampleCard.title);
  });
});
