import type { CourseCard, CourseDetail, CourseListResponse } from '../../api/schemas/courses.schema';
import type { NewsEntry } from '../../api/schemas/news.schema';
import type { Material } from '../../api/schemas/materials.schema';
import { sampleCard } from '../../machines/paged-list/paged-list.fixtures';

// Sample content for stories and tests (never imported by app code): shaped by the contract.

// The machine's test card is the catalogue's sample too (one definition of the sample course).
export { sampleCard };

export const inProgressCard: CourseCard = {
  ...sampleCard,
  id: '2',
  title: 'Needs-Based Selling',
  kind: 'elective',
  department: 'Sales',
  status: 'in_progress',
  progress: 40,
  liked: true,
  likes: 12,
};

export const completedCard: CourseCard = {
  ...sampleCard,
  id: '3',
  title: 'Medical Insurance Products',
  kind: 'recommended',
  department: 'Products',
  status: 'completed',
  progress: 100,
};

export function cardPage(cards: CourseCard[], page = 1, total = cards.length, perPage = 12): CourseListResponse {
  return { data: cards, page, per_page: perPage, total };
}

export const sampleCourse: CourseDetail = {
  ...inProgressCard,
  description: 'How to find what a client needs.\n\nThen how to recommend a plan that fits.',
  completed_items: 1,
  total_items: 3,
  completed_at: null,
  lessons: [
    {
      id: '10',
      title: 'Lesson 1: Listening',
      items: [
        { id: '100', title: 'Why listen first', kind: 'reading', body: 'Text', required_seconds: 120, duration: 130, attachment: null, completed: true },
        {
          id: '101',
          title: 'Fact-finding video',
          kind: 'attachment',
          body: '',
          required_seconds: 0,
          duration: 0,
          attachment: { id: '500', name: 'fact-finding.mp4', type: 'mp4', size: 1_048_576, language: 'en', media_duration: 95, page_count: 0, completed: false },
          completed: false,
        },
      ],
    },
    {
      id: '11',
      title: 'Lesson 2: Recommending',
      items: [
        {
          id: '102',
          title: 'Product guide',
          kind: 'attachment',
          body: '',
          required_seconds: 0,
          duration: 0,
          attachment: { id: '501', name: 'guide.pdf', type: 'pdf', size: 204_800, language: 'zh-Hant', media_duration: 0, page_count: 12, completed: false },
          completed: false,
        },
      ],
    },
  ],
};

export const sampleMaterials: Material[] = [
  { id: '500', name: 'fact-finding.mp4', type: 'mp4', size: 1_048_576, language: 'en', media_duration: 95, page_count: 0, completed: false, course_id: '2', course_title: 'Needs-Based Selling', likes: 4, liked: false },
  { id: '501', name: 'guide.pdf', type: 'pdf', size: 204_800, language: 'zh-Hant', media_duration: 0, page_count: 12, completed: true, course_id: '2', course_title: 'Needs-Based Selling', likes: 9, liked: true },
  { id: '502', name: 'rates.xlsx', type: 'xlsx', size: 40_960, language: 'zh-Hans', media_duration: 0, page_count: 0, completed: false, course_id: null, course_title: null, likes: 0, liked: false },
];

export const sampleNews: NewsEntry[] = [
  {
    id: '1',
    kind: 'news',
    title: 'New compliance course',
    body: 'A new compulsory course is available.\n\nComplete it by the end of the quarter.',
    cover_url: '/assets/placeholder-cover.svg',
    published_at: '2026-02-01T08:00:00.000Z',
    course_id: '1',
  },
  { id: '2', kind: 'highlight', title: 'Top agents of January', body: 'Congratulations to our top learners.', cover_url: '/assets/placeholder-cover.svg', published_at: '2026-01-31T08:00:00.000Z', course_id: null },
];
