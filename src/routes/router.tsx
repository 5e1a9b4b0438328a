import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import type { CourseList } from '../api/schemas/courses.schema';
import { LoadingOverlay } from '../ui/layout/loading-overlay';
import { currentUserKnown, loadCurrentUser } from '../api/current-user';
import { catalogueFirstReads } from './courses/courses.first-reads';
import { courseDetailFirstReads } from './course-detail/course-detail.first-reads';
import { sendPageFirstReads } from './first-reads.loader';
import { layoutFirstReads } from './layout/layout.first-reads';
import { lessonFirstReads } from './lesson/lesson.first-reads';
import { authGuard, featureEnabled, isAuthenticated, loginGuard, mobileCheck } from './guards';
import { managementGuard } from './management/management.guard';
import { auditorGuard } from './cpd-report/cpd-report.guard';
import type { PageFirstReads } from './first-reads';
import type { RouteTitleHandle } from './layout/page-title';
import { titled, UNTITLED, type TitleKey } from './route-handle';
import { RootError } from './root/root-error';
import { RootRoute, type MobileCheckHandle } from './root/root.route';

type PageModule = () => Promise<{ default: ComponentType }>;
const page = (load: PageModule): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

const comingSoon = () => import('./coming-soon/coming-soon.route');
const courseDetailPage = () => import('./course-detail/course-detail.route');

/** Layout pages: the auth guard runs on every child too, since a parent loader does not re-run
 * when only the child changes (SPEC §2: guards cover child activation and lazy loading). */
function guarded(path: string, title: TitleKey | RouteTitleHandle, load: PageModule, loader: RouteObject['loader'] = authGuard): RouteObject {
  return { path, handle: typeof title === 'string' ? titled(title) : title, loader, ...page(load) };
}

/** The loader of a page that declares its first reads (ADR 088): the guard, then the reads, sent
 * beside the page's chunks into the page-data cache, where the page's own calls find them. */
function firstReadsLoader(declared: PageFirstReads) {
  return (args: LoaderFunctionArgs): null => {
    authGuard(args);
    if (isAuthenticated()) void sendPageFirstReads(declared, args);
    return null;
  };
}

/** The same for a page whose machine takes its first answers as input (ADR 094): the loader waits
 * for them as long as the page's code is on its way, and hands over those that arrived. */
function firstAnswersLoader(declared: PageFirstReads, pageCode: PageModule) {
  return (args: LoaderFunctionArgs) => {
    authGuard(args);
    return isAuthenticated() ? sendPageFirstReads(declared, args, { pageCode }) : null;
  };
}

/** A course list page (one module for every list, each list its own component). Its loader runs
 * when the page is entered: on a new query the page stays and asks for the list itself (the
 * layout's guard still runs). */
function catalogue(list: CourseList, title: TitleKey): RouteObject {
  return {
    path: list,
    handle: titled(title),
    loader: firstReadsLoader(catalogueFirstReads(list)),
    shouldRevalidate: () => false,
    lazy: async () => ({ Component: (await import('./courses/courses.route')).catalogueRoute(list) }),
  };
}

/** Learning map, mock exam and offline courses are hidden when their feature is off (SPEC §6, §9); the pages too. */
function featureGuard(feature: Parameters<typeof featureEnabled>[0]) {
  return (args: LoaderFunctionArgs) => {
    authGuard(args);
    if (!featureEnabled(feature)) throw redirect('/main');
    return null;
  };
}

/** An index route that only forwards (the element covers a render before the loader ran). */
function redirectIndex(to: string): RouteObject {
  return { index: true, loader: () => redirect(to), element: <Navigate to={to} replace /> };
}

/** Layout: signed in (authGuard), then the mobile check, which records the platform and never blocks.
 * The layout shows its loading overlay until the current user is known: its first read goes out
 * now, while the layout's and the page's chunks load, instead of once they have rendered (ADR 088),
 * unless the user is already known; the shared load (current-user.ts) reads it, never awaited here. */
function layoutLoader(args: LoaderFunctionArgs): null {
  authGuard(args);
  if (isAuthenticated()) {
    if (!currentUserKnown()) sendPageFirstReads(layoutFirstReads, args);
    void loadCurrentUser().catch(() => undefined);
  }
  return mobileCheck();
}

/** SPEC §2 "Routes", as data: tests mount the same tree in a memory router. The configuration's
 * feature flags are read by the guards when they run, so the table does not depend on it. */
export function appRoutes(): RouteObject[] {
  const layoutHandle: MobileCheckHandle = { mobileCheck: true };
  return [
    {
      id: 'root',
      element: <RootRoute />,
      errorElement: <RootError />,
      HydrateFallback: () => <LoadingOverlay fullPage />,
      children: [
        { path: 'login', handle: titled('login'), loader: loginGuard, ...page(() => import('./sign-in/sign-in.route')) },
        { path: 'forgot-password', handle: titled('forgot_password'), ...page(() => import('./forgot-password/forgot-password.route')) },
        { path: 'reset-password', handle: titled('reset_password_link'), ...page(() => import('./reset-password/reset-password.route')) },
        {
          // The merge link from the email (issue 14): opened by the agent, signed in or not.
          path: 'merge/verify',
          handle: titled('account_merge'),
          lazy: async () => ({ Component: (await import('./account-merge/account-merge.route')).AccountMergeVerifyRoute }),
        },
        {
          // The undo link from the merge-done email (issue 43), within the undo window.
          path: 'merge/undo',
          handle: titled('account_merge'),
          lazy: async () => ({ Component: (await import('./account-merge/account-merge.route')).AccountMergeUndoRoute }),
        },
        { path: 'logout', handle: titled('logout'), ...page(() => import('./sign-out/sign-out.route')) },
        { path: 'disclaimer', handle: titled('disclaimer'), ...page(() => import('./disclaimer/disclaimer.route')) },
        // Issue 45: anyone checks the code printed on a CPD statement or certificate, signed in or not.
        { path: 'verify/:code?', handle: titled('cpd_verify'), ...page(() => import('./cpd-statement/cpd-statement.route')) },
        { path: 'not-found', handle: titled('not_found'), ...page(() => import('./not-found/not-found.route')) },
        {
          path: '',
          handle: layoutHandle,
          loader: layoutLoader,
          ...page(() => import('./layout/layout.route')),
          children: [
            redirectIndex('/main'),
            guarded('main', UNTITLED, () => import('./main/main.route')),
            // Where a page goes when the server refuses its data (api/http.ts, issue 43): inside the shell.
            guarded('forbidden', 'forbidden', () => import('./forbidden/forbidden.route')),
            guarded('management/recruits', 'recruit_accounts', () => import('./recruit-accounts/recruit-accounts.route'), managementGuard),
            guarded('merge', 'account_merge', () => import('./account-merge/account-merge.route')),
            guarded('management', 'management', () => import('./management/management.route'), managementGuard),
            guarded('search', 'search', () => import('./search/search.route')),
            // The vocabulary look-up (SPEC §2 "Areas implied", §4 "Vocabulary cache"; ADR 076).
            guarded('search/vocabulary', 'vocab', () => import('./vocab/vocab.route'), featureGuard('vocab')),
            {
              path: 'offline',
              handle: titled('offline'),
              children: [
                { index: true, loader: featureGuard('offlineCourse'), ...page(() => import('./offline-courses/offline-courses.route')) },
                guarded('mine', 'offline', () => import('./offline-enrolments/offline-enrolments.route'), featureGuard('offlineCourse')),
                guarded('sessions/:sessionId/codes', 'offline', () => import('./offline-trainer/offline-trainer.route'), featureGuard('offlineCourse')),
                // The classroom's link (/offline/:courseId/check-in/:sessionId/:code) carries the code in its path: the
                // sign-in remembers the path, not the query (SPEC §2 guards). One route, so dropping the code keeps the page.
                guarded(':courseId/:which?/:sessionId?/:code?', 'offline', () => import('./offline-enrolment/offline-enrolment.route'), featureGuard('offlineCourse')),
              ],
            },
            guarded('themes', 'themes', comingSoon),
            {
              path: 'courses',
              handle: titled('courses'),
              children: [
                redirectIndex('/courses/all'),
                catalogue('all', 'courses_all'),
                catalogue('latest', 'courses_latest'),
                catalogue('ranking', 'courses_ranking'),
                catalogue('recommended', 'courses_recommended'),
                catalogue('mine', 'courses_mine'),
                guarded('material', 'courses_material', () => import('./materials/materials.route')),
                guarded('material/:attachmentId', 'courses_material', () => import('./materials/materials-viewer.route')),
                guarded('news', 'courses_news', () => import('./news/news.route')),
              ],
            },
            // Learning pages register for identity prompts (continual authentication).
            {
              ...guarded('course/:courseId', 'course', courseDetailPage, firstAnswersLoader(courseDetailFirstReads, courseDetailPage)),
              shouldRevalidate: ({ currentParams, nextParams }) => currentParams.courseId !== nextParams.courseId,
            },
            guarded('course/:courseId/quiz/:quizId', 'quiz', () => import('./quiz/quiz.route')),
            guarded('course/:courseId/quiz/:quizId/attempts/:attemptId/certificate', 'exam_certificate', () => import('./exam-certificate/exam-certificate.route')),
            // Its loader runs on every item but sends nothing from an open lesson, which holds first reads
            // back until its on-screen record is sent (holdFirstReads in lesson.actor.ts).
            guarded('lesson/:courseId/:itemId', 'lesson', () => import('./lesson/lesson.route'), firstReadsLoader(lessonFirstReads)),
            guarded('lesson/*', 'lesson', () => import('./not-found/not-found.route')),
            guarded('profile', 'profile', () => import('./profile/profile.route')),
            // Issue 47: the learner's reading notes, by course.
            guarded('notes', 'reading_notes', () => import('./reading-note/reading-note.route')),
            // Issue 45: the CPD ledger of the signed-in licensee.
            guarded('cpd', 'cpd', () => import('./cpd-ledger/cpd-ledger.route')),
            // Issue 45, ADR 087: the upline's team compliance and a downline's ledger (managers only).
            guarded('cpd/team', 'cpd_team', () => import('./cpd-team/cpd-team.route'), managementGuard),
            guarded('cpd/team/:userId', 'cpd_team_member', () => import('./cpd-team/cpd-team-member.route'), managementGuard),
            // The compliance officer's report and any licensee's ledger: the auditor only (auditorGuard; the server answers an auditor only too).
            guarded('cpd/report', 'cpd_report', () => import('./cpd-report/cpd-report.route'), auditorGuard),
            guarded('cpd/report/ledger/:userId', 'cpd_team_member', () => import('./cpd-team/cpd-team-member.route'), auditorGuard),
            // Issue 46, ADR 097: the auditor replays a learner's recorded evidence of a day or a course on the state diagrams.
            guarded('cpd/report/ledger/:userId/replay', 'evidence_replay', () => import('./evidence-replay/evidence-replay.route'), auditorGuard),
            // Issue 45, ADR 086: a claim for an outside activity (`new`), or one claim by its id.
            guarded('cpd/claims/:id', 'cpd_claim', () => import('./cpd-claim/cpd-claim.route')),
            {
              path: 'profile/identity-checks',
              loader: authGuard,
              // The title comes with the page's chunk, so its catalogue stays out of the first page.
              lazy: async () => {
                const { default: Component, handle } = await import('./identity-checks/identity-checks.route');
                return { Component, handle };
              },
            },
            guarded('notification', 'notification', () => import('./notifications/notifications.route')),
            {
              path: 'setting',
              children: [
                { index: true, handle: titled('setting'), loader: authGuard, ...page(() => import('./setting/setting.route')) },
                guarded('reset-password', 'reset_password', () => import('./change-password/change-password.route')),
                guarded('two-factor', 'two_factor', () => import('./two-factor/two-factor.route')),
              ],
            },
            guarded('mockexam', 'mockexam', () => import('./mock-exams/mock-exams.route'), featureGuard('mockExam')),
            // Issue 47, ADR 098: the learner's maps and history, and one map (a manager assigns from the list).
            guarded('learning-map', 'learning_map', () => import('./learning-map/learning-map.route'), featureGuard('learningMap')),
            guarded('learning-map/:id', 'learning_map', () => import('./learning-map/learning-map.route'), featureGuard('learningMap')),
            // Issue 47, ADR 102: the new joiner's welcome (the layout sends them once; the settings open it again).
            guarded('welcome', 'welcome', () => import('./new-joiner-welcome/new-joiner-welcome.route')),
            guarded('pdf/*', 'pdf', comingSoon),
          ],
        },
        { path: '*', handle: titled('not_found'), ...page(() => import('./not-found/not-found.route')) },
      ],
    },
  ];
}

/** Every loader of the table waits for `ready` before it runs (see createAppRouter). */
function loadersAfter(ready: Promise<unknown>, routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const { loader, children } = route;
    const gated = typeof loader === 'function' ? { loader: async (args: LoaderFunctionArgs) => (await ready, loader(args)) } : {};
    return { ...route, ...gated, ...(children ? { children: loadersAfter(ready, children) } : {}) } as RouteObject;
  });
}

/**
 * The app's router, created first thing at boot, before the configuration has arrived: its first
 * navigation calls the lazy() of the routes the address matches, so the layout's and the page's
 * chunks load beside the configuration request instead of after the first render (ADR 035); and
 * the table is built and matched once, by the router itself (addendum 3: a separate prefetch
 * built and matched it a second time on the main thread). The guards read the configuration, the
 * token a joined tab may hand over and the session, so every loader waits for `ready`, which boot
 * resolves when all of those exist: until then the navigation stays pending and no guard decides.
 */
export function createAppRouter(ready: Promise<unknown>) {
  return createBrowserRouter(loadersAfter(ready, appRoutes()));
}
