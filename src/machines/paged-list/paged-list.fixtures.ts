import type { CourseCard, CourseList, CourseListQuery } from '../../api/schemas/courses.schema';
import type { PagedResponse } from '../../api/schemas/paged.schema';

// Test data for the machine's tests (machines stay free of view code, so no shared UI samples).

/** A catalogue-like query, as the tests send it: which list, its filters and the page. */
export type CatalogueQuery = { list: CourseList } & Partial<Omit<CourseListQuery, 'page' | 'per_page'>> & { page: number; per_page: number };

export const sampleCard: CourseCard = {
  id: '1',
  title: 'Insurance Ordinance Essentials',
  kind: 'compulsory',
  department: 'Compliance',
  published_at: '2026-01-05T09:00:00.000Z',
  enrolment_count: 128,
  clicks: 940,
  likes: 37,
  liked: false,
  cover_url: '/assets/placeholder-cover.svg',
  cpd_hours: 1.5,
  status: 'not_enrolled',
  progress: 0,
};
export const secondCard: CourseCard = { ...sampleCard, id: '2', title: 'Needs-Based Selling' };
export const thirdCard: CourseCard = { ...sampleCard, id: '3', title: 'Medical Insurance Products' };

export function cardPage(cards: CourseCard[], page = 1, total = cards.length, perPage = 12): PagedResponse<CourseCard> {
  return { data: cards, page, per_page: perPage, total };
}
