import { fromPromise } from 'xstate';
import type { PagedResponse } from '../api/schemas/paged.schema';
import type { ListQuery } from '../machines/paged-list/paged-list.machine';
import { toSubmissionError } from './submission';

// The paged-list machine's one side effect (src/machines/paged-list/paged-list.machine.ts), shared by
// every list's actor file. Its own module, so that a page with one small list (a course's quizzes,
// on the lesson and the course page) does not load and build the catalogue's, the materials' and
// the news' list machines with it (courses.actor.ts), as it did before ADR 066.

/** `lang` rides in the query only so that a language change reloads the texts; the server reads
 * the language from its header, so it is not sent. */
function withoutLang<Query extends ListQuery>({ lang: _lang, ...rest }: Query): Query {
  return rest as Query;
}

/** The `loadPage` actor of a list: the server's message as a SubmissionError, unless the machine
 * stopped waiting (a newer query), which reports nothing. */
export function loadPage<Item, Query extends ListQuery>(load: (query: Query, signal: AbortSignal) => Promise<PagedResponse<Item>>) {
  return fromPromise<PagedResponse<Item>, Query>(async ({ input, signal }) => {
    try {
      return await load(withoutLang(input), signal);
    } catch (error) {
      if (signal.aborted) throw error;
      throw toSubmissionError(error);
    }
  });
}
