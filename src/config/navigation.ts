// Navigation lists of SPEC §2 "Layout" and "Home shortcut tiles". Pure: the layout route computes
// them from the current user and the app configuration; views only render what they get.

/** SPEC §3 "Navigation link": icon, title key, link. `disabled` greys an item out (not clickable). */
export interface NavLink {
  icon: string;
  titleKey: string;
  link: string;
  disabled?: boolean;
}

export interface NavFeatures {
  learningMap: boolean;
  mockExam: boolean;
}

export const PATH = {
  main: '/main',
  management: '/management',
  learningMap: '/learning-map',
  mockExam: '/mockexam',
  vocab: '/search/vocabulary',
  notification: '/notification',
  profile: '/profile',
  setting: '/setting',
  resetPassword: '/setting/reset-password',
  welcome: '/welcome',
  allCourses: '/courses/all',
  materialLibrary: '/courses/material',
  offline: '/offline',
  merge: '/merge',
  cpd: '/cpd',
  cpdTeam: '/cpd/team',
  cpdReport: '/cpd/report',
} as const;

/**
 * Where header Back goes when the page was opened directly (no earlier page of the app in this
 * tab's history): a lesson belongs to its course, every other page to the main page.
 */
export function backFallbackPath(pathname: string): string {
  const lesson = /^\/lesson\/([^/]+)\/[^/]+\/?$/.exec(pathname);
  return lesson ? `/course/${lesson[1]}` : PATH.main;
}

const link = (icon: string, key: string, to: string): NavLink => ({ icon, titleKey: `layout:nav.${key}`, link: to });

const MANAGEMENT = link('management', 'management', PATH.management);
const NOTIFICATION = link('notification', 'notification', PATH.notification);
const MY_PROFILE = link('profile', 'my_profile', PATH.profile);
const MERGE = link('merge', 'merge', PATH.merge);
/** Issue 45: the CPD ledger, for everyone who may hold a licence (a recruit holds none yet). */
const CPD = link('cpd', 'cpd', PATH.cpd);
/** Issue 45, ADR 087: the upline's team compliance, for managers. */
const CPD_TEAM = link('cpd', 'cpd_team', PATH.cpdTeam);
/** Issue 45: the compliance officer's CPD report, for the auditor (the server decides who is one). */
const CPD_REPORT = link('cpd', 'cpd_report', PATH.cpdReport);

/**
 * Side drawer links; managers get 'management' in second position. A recruit gets the link to
 * merge the account into an agent account (SPEC §2 "Areas implied", §6), also second; everyone
 * else the CPD ledger (issue 45) there; the auditor also the CPD report after it.
 */
export function sideLinks({ isManager, isRecruit = false, isAuditor = false, features }: { isManager: boolean; isRecruit?: boolean; isAuditor?: boolean; features: NavFeatures }): NavLink[] {
  const links: NavLink[] = [link('home', 'main', PATH.main)];
  if (isManager) links.push(MANAGEMENT);
  if (isRecruit) links.push(MERGE);
  else links.push(CPD);
  if (isManager) links.push(CPD_TEAM);
  if (isAuditor) links.push(CPD_REPORT);
  if (features.learningMap) links.push(link('learning-map', 'learning_map', PATH.learningMap));
  if (features.mockExam) links.push(link('mock-exam', 'mock_exam', PATH.mockExam));
  links.push(NOTIFICATION, MY_PROFILE, link('setting', 'setting', PATH.setting));
  return links;
}

/** Phone bottom bar; managers get 'management' right after home. */
export function bottomLinks({ isManager }: { isManager: boolean }): NavLink[] {
  const links: NavLink[] = [link('home', 'home', PATH.main)];
  if (isManager) links.push(MANAGEMENT);
  links.push(NOTIFICATION, MY_PROFILE);
  return links;
}

/**
 * The course navigation bar. SPEC §2 leaves the list open; it mirrors the home tiles. The offline
 * item stays but is greyed when offline courses are disabled; learning map and mock exam are
 * removed when their features are off (omitted flags count as on). The vocabulary glossary, which
 * has no home tile (SPEC §2 lists them), ends the bar when its feature is on (ADR 076).
 */
export function courseNavItems({
  offlineEnabled,
  learningMap = true,
  mockExam = true,
  vocab = true,
}: {
  offlineEnabled: boolean;
  learningMap?: boolean;
  mockExam?: boolean;
  vocab?: boolean;
}): NavLink[] {
  const items: NavLink[] = [
    { icon: 'all-courses', titleKey: 'layout:course_nav.all_courses', link: PATH.allCourses },
    { icon: 'material-library', titleKey: 'layout:course_nav.material_library', link: PATH.materialLibrary },
    { icon: 'offline-courses', titleKey: 'layout:course_nav.offline_courses', link: PATH.offline, ...(offlineEnabled ? {} : { disabled: true }) },
  ];
  if (learningMap) items.push({ icon: 'learning-map', titleKey: 'layout:course_nav.learning_map', link: PATH.learningMap });
  if (mockExam) items.push({ icon: 'mock-exam', titleKey: 'layout:course_nav.mock_exam', link: PATH.mockExam });
  if (vocab) items.push({ icon: 'vocab', titleKey: 'layout:course_nav.vocab', link: PATH.vocab });
  return items;
}

const SIDE_LINK_PATHS: ReadonlySet<string> = new Set([
  PATH.main,
  PATH.management,
  PATH.learningMap,
  PATH.mockExam,
  PATH.notification,
  PATH.profile,
  PATH.setting,
]);

/** "/main/" and "/main" are the same page; the query and hash are not part of the path. */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] || '/';
  return bare.length > 1 ? bare.replace(/\/+$/, '') || '/' : bare;
}

/** Whether the path is exactly one of the side links (those pages show the course bar, not a back button). */
export function isSideLink(path: string): boolean {
  return SIDE_LINK_PATHS.has(normalizePath(path));
}

/** /setting and everything below it. */
export function isSettingPage(path: string): boolean {
  const p = normalizePath(path);
  return p === PATH.setting || p.startsWith(`${PATH.setting}/`);
}

/** Whether a nav link is the current page (or an ancestor of it, e.g. /setting for /setting/x). */
export function isActiveLink(linkPath: string, currentPath: string): boolean {
  const p = normalizePath(currentPath);
  return p === linkPath || p.startsWith(`${linkPath}/`);
}
