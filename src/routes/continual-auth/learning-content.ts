import { contentRefSchema } from '../../api/schemas/content-ref.schema';
import type { ContentRef } from '../../machines/continual-auth/continual-auth.machine';

/** A learning page's registration id and the course/item it shows. */
export interface LearningContent extends ContentRef {
  id: string;
}

const segments = (rest: string): string[] => rest.split('/').filter((s) => s !== '');
// Only ids the server accepts as evidence; anything else is still guarded, without a reference.
const valid = (value: string | undefined): string | null => (value !== undefined && contentRefSchema.safeParse(value).success ? value : null);

/** /course/:id[/…]: the course. */
export function courseContent(rest: string): LearningContent | null {
  const [course] = segments(rest);
  return course === undefined ? null : { id: `course:${course}`, courseId: valid(course), itemId: null };
}

/** /lesson/<courseId>/<itemId>: the course and the item. */
export function lessonContent(rest: string): LearningContent | null {
  const parts = segments(rest);
  if (parts.length === 0) return null;
  return { id: `lesson:${parts.join('/')}`, courseId: valid(parts[0]), itemId: valid(parts[1]) };
}
