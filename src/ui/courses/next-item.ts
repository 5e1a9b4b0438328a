import type { CourseDetail, CourseItem } from '../../api/schemas/courses.schema';

/** Where "start/continue" leads: the first item not completed yet, else the first item. */
export function nextItem(course: CourseDetail): CourseItem | null {
  const items = course.lessons.flatMap((l) => l.items);
  return items.find((i) => !i.completed) ?? items[0] ?? null;
}

export const lessonPath = (courseId: string, itemId: string) => `/lesson/${encodeURIComponent(courseId)}/${encodeURIComponent(itemId)}`;
