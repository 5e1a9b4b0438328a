import type { CourseList } from '../../api/schemas/courses.schema';
import { COURSE_KINDS, ATTACHMENT_TYPES, MATERIAL_LANGUAGES } from '../../config/constants.ts';

// The address is the list's state: filters and page live in the query string, so reload, share
// and the back button show the same page. Unknown or malformed values are ignored, never sent.

export const PER_PAGE = 12;
const MAX_TEXT = 100;

export function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

const text = (value: string | null): string => (value ?? '').trim().slice(0, MAX_TEXT);
const oneOf = <T extends string>(choices: readonly T[], value: string | null): T | '' => ((choices as readonly string[]).includes(value ?? '') ? (value as T) : '');

// A type, not an interface: it must fit Record<string, string> (compact).
export type CatalogueParams = {
  q: string;
  kind: string;
  department: string;
  status: string;
};

export function catalogueParams(list: CourseList, params: URLSearchParams): CatalogueParams {
  return {
    q: text(params.get('q')),
    kind: list === 'recommended' ? '' : oneOf(COURSE_KINDS, params.get('kind')),
    department: text(params.get('department')),
    status: list === 'mine' ? oneOf(['in_progress', 'completed'] as const, params.get('status')) : '',
  };
}

/** The list request a catalogue address makes (its page's loader starts the same one, ADR 035),
 * or null when there is nothing to ask: the search list without words. */
export function catalogueQuery(list: CourseList, params: URLSearchParams) {
  const filters = catalogueParams(list, params);
  if (list === 'search' && filters.q === '') return null;
  return { ...compact(filters), page: pageOf(params.get('page')), per_page: PER_PAGE };
}

export function materialParams(params: URLSearchParams) {
  return { q: text(params.get('q')), type: oneOf(ATTACHMENT_TYPES, params.get('type')), language: oneOf(MATERIAL_LANGUAGES, params.get('language')) };
}

export function newsKind(params: URLSearchParams): 'news' | 'highlight' | '' {
  return oneOf(['news', 'highlight'] as const, params.get('kind'));
}

/** The query string after a filter changed: that filter set (or removed when blank) and the page
 * back to 1, since the old page number means nothing in the new results. */
export function withFilter(params: URLSearchParams, name: string, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value.trim() === '') next.delete(name);
  else next.set(name, value.trim());
  next.delete('page');
  return next;
}

/** The query string with every filter removed (and page 1). */
export function withoutFilters(params: URLSearchParams, names: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of [...names, 'page']) next.delete(name);
  return next;
}

export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  return next;
}

/** Blank values are left out, so equal filters always make an equal query. */
export function compact<T extends Record<string, string | number>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')) as Partial<T>;
}
