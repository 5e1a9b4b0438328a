import { fromPromise } from 'xstate';
import { listCourses } from '../../api/courses.api';
import { listNews } from '../../api/news.api';
import { listMaterials } from '../../api/materials.api';
import type { CourseList } from '../../api/schemas/courses.schema';
import { courseListMachine, type ListPage, type ListQuery } from '../../machines/course-list/course-list.machine';
import { toSubmissionError } from '../submission';

type Loader = (query: ListQuery, signal: AbortSignal) => Promise<ListPage<unknown>>;

/** `lang` rides in the query only so that a language change reloads the texts; the server reads
 * the language from its header, so it is not sent. */
function withoutLang({ lang: _lang, ...rest }: ListQuery): ListQuery {
  return rest;
}

function loadPage(load: Loader) {
  return fromPromise<ListPage<unknown>, ListQuery>(async ({ input, signal }) => {
    try {
      return await load(withoutLang(input), signal);
    } catch (error) {
      // The machine stopped waiting (a newer query): nothing to report.
      if (signal.aborted) throw error;
      throw toSubmissionError(error);
    }
  });
}

export const catalogueMachine = courseListMachine.provide({
  actors: { loadPage: loadPage(({ list, ...query }, signal) => listCourses(list as CourseList, query, { signal })) },
});

export const materialListMachine = courseListMachine.provide({
  actors: { loadPage: loadPage((query, signal) => listMaterials(query, { signal })) },
});

export const newsListMachine = courseListMachine.provide({
  actors: { loadPage: loadPage((query, signal) => listNews(query, { signal })) },
});
