import { memo } from 'react';
import type { CourseCard as CourseCardData } from '../../api/schemas/courses.schema';
import { CourseCard } from './course-card';

export interface CourseGridProps {
  courses: readonly CourseCardData[];
  /** Number the cards from this rank (ranking list); absent elsewhere. */
  firstRank?: number;
  onNavigate: (to: string) => void;
}

/** Covers loaded at once: the first row of the widest grid (a phone shows the first card only). */
export const EAGER_COVERS = 4;

/** Cards in a grid that reflows to one column on phones. Drawn again only when its own props
 * change: the page around it renders again when the departments arrive or a filter is typed, and
 * drawing twelve cards again was the largest task after a catalogue's first paint (ADR 063). */
export const CourseGrid = memo(function CourseGrid({ courses, firstRank, onNavigate }: CourseGridProps) {
  return (
    <ol className={`course-grid${firstRank === undefined ? ' course-grid--plain' : ''}`} data-testid="course-grid">
      {courses.map((course, i) => (
        <li key={course.id}>
          <CourseCard
            course={course}
            rank={firstRank === undefined ? undefined : firstRank + i}
            onNavigate={onNavigate}
            coverPriority={i === 0 ? 'high' : i < EAGER_COVERS ? 'eager' : undefined}
          />
        </li>
      ))}
    </ol>
  );
});
