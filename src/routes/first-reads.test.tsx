import path from 'node:path';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { earlyScript } from '../../build/early-script';
import { firstGetSenders, handWrittenEarlyFetches } from '../../build/first-get-senders';
import { courseListPaths, coursePath, departmentsPath } from '../api/schemas/courses.paths';
import { courseTotalPath } from '../api/schemas/on-screen-time.paths';
import { currentUserPath } from '../api/schemas/users.paths';
import { courseListRoutes, getCourseRoute, getDepartmentsRoute } from '../api/schemas/courses.routes';
import { getCourseTotalRoute } from '../api/schemas/on-screen-time.routes';
import { getCurrentUserRoute } from '../api/schemas/users.routes';
import { FIRST_READ_PAGES } from './first-reads.pages';
import { resolveFirstReads } from './first-reads';
import { layoutFirstReads } from './layout/layout.first-reads';
import { lessonFirstReads } from './lesson/lesson.first-reads';
import { appRoutes } from './router';

// ADR 088: a page's first GETs are written in one place; build/first-get-senders.ts counts the files
// that send one (the bench prints the count), and this test fails above one.

describe('a page’s first GETs (ADR 088)', () => {
  it('are sent from one file: the loader of the pages’ declarations; no early script is written by hand', () => {
    expect(firstGetSenders()).toEqual([path.join('src', 'routes', 'first-reads.loader.ts')]);
    // What the browser runs before the app comes from the build, from the same declarations.
    expect(handWrittenEarlyFetches()).toEqual([]);
  });

  it('name the contracts’ own paths', () => {
    expect([currentUserPath, courseListPaths.all, departmentsPath, coursePath, courseTotalPath]).toEqual([
      getCurrentUserRoute.path,
      courseListRoutes.all.path,
      getDepartmentsRoute.path,
      getCourseRoute.path,
      getCourseTotalRoute.path,
    ]);
  });

  /** Every address of the table, with the route that answers it. */
  function addresses(routes: RouteObject[], parent = ''): Array<{ path: string; route: RouteObject }> {
    return routes.flatMap((route) => {
      const here = route.path === undefined ? parent : `${parent}/${route.path}`.replace(/\/+/g, '/');
      return [...(route.path !== undefined ? [{ path: here, route }] : []), ...addresses(route.children ?? [], here)];
    });
  }

  it('are declared for pages the router has, each page with a loader', () => {
    const table = addresses(appRoutes());
    for (const declared of FIRST_READ_PAGES.filter((p) => p.page !== '*')) {
      const route = table.find((entry) => entry.path === declared.page)?.route;
      expect(route?.loader, declared.page).toBeTypeOf('function');
    }
  });

  it('the layout’s: every address outside the signed-in layout is outside its read', () => {
    const [root] = appRoutes();
    const outside = (root.children ?? []).filter((route) => route.path !== '' && route.path !== '*').map((route) => `/${route.path}`);
    expect([...(layoutFirstReads.outside ?? [])].sort()).toEqual(outside.sort());
  });

  it('resolve from the address as the early script asks: a non-id parameter asks nothing', () => {
    expect(resolveFirstReads(lessonFirstReads, { courseId: '7', itemId: '31' }, new URLSearchParams())).toEqual([{ path: 'courses/7' }, { path: 'on_screen_log/course/7/total' }]);
    expect(resolveFirstReads(lessonFirstReads, { courseId: '7', itemId: 'x' }, new URLSearchParams())).toEqual([]);
    expect(resolveFirstReads(lessonFirstReads, { courseId: '9007199254740993', itemId: '1' }, new URLSearchParams())).toEqual([]);
    expect(earlyScript()).toContain('"on_screen_log/course/" + m[1] + "/total"');
  });
});
