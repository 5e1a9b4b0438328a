import { getDepartments, listCourses } from '../../api/courses.api';
import type { CourseCard, CourseList, DepartmentList } from '../../api/schemas/courses.schema';
import { createPagedListMachine, type ListQuery } from '../../machines/paged-list/paged-list.machine';
import { loadPage } from '../paged-list.actor';

/** The catalogue's query: which list, its filters and the page (`lang` only reloads, see below). */
export type CatalogueQuery = { list: CourseList } & ListQuery;

export const catalogueMachine = createPagedListMachine<CourseCard, CatalogueQuery>('catalogue').provide({
  actors: { loadPage: loadPage<CourseCard, CatalogueQuery>(({ list, ...query }, signal) => listCourses(list, query, { signal })) },
});

/** The catalogue's department filter choices, per interface language. Not paged: the machine sees
 * them as one page of a list, which gives what the filter needs (a language change asks again, the
 * latest answer wins, the choices shown stay while the next load and after a failure). */
export type DepartmentsQuery = { lang: string };

export const departmentsMachine = createPagedListMachine<DepartmentList[number], DepartmentsQuery>('departments').provide({
  actors: {
    loadPage: loadPage<DepartmentList[number], DepartmentsQuery>(async (_query, signal) => {
      const departments = await getDepartments({ signal });
      return { data: departments, page: 1, per_page: departments.length, total: departments.length };
    }),
  },
});
