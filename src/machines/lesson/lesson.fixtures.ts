import type { CourseDetail, CourseItem } from '../../api/schemas/courses.schema';
import { sampleCourse } from '../course-detail/course-detail.fixtures';

// A course for the lesson machine's tests and stories (never imported by app code).

export const readingItem: CourseItem = {
  id: 'r1',
  title: 'Why needs come first',
  kind: 'reading',
  body: 'Listen before you sell.',
  required_seconds: 10,
  duration: 0,
  attachment: null,
  completed: false,
};

export const attachmentItem: CourseItem = {
  id: 'i2',
  title: 'Product guide',
  kind: 'attachment',
  body: '',
  required_seconds: 0,
  duration: 0,
  attachment: { id: 'att7', name: 'Product guide', type: 'pdf', size: 2048, language: 'en', media_duration: 0, page_count: 3, completed: false },
  completed: false,
};

export const doneItem: CourseItem = { ...readingItem, id: 'r3', title: 'Recap', completed: true, duration: 10 };

export const lessonCourse: CourseDetail = {
  ...sampleCourse,
  id: 'c1',
  status: 'in_progress',
  lessons: [
    { id: 'l1', title: 'Lesson one', items: [readingItem, attachmentItem] },
    { id: 'l2', title: 'Lesson two', items: [doneItem] },
  ],
  total_items: 3,
};
