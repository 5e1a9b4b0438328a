import { memo, useEffect, useState } from 'react';
import type { CourseCard as CourseCardData } from '../../api/schemas/courses.schema';
import { yieldToBrowser } from '../../platform/yield-to-browser';
import { CourseCard } from './course-card';

export interface CourseGridProps {
  courses: readonly CourseCardData[];
  /** Number the cards from this rank (ranking list); absent elsewhere. */
  firstRank?: number;
  onNavigate: (to: string) => void;
}

/** Covers loaded at once: the first row of the widest grid (a phone shows the first card only). */
export const EAGER_COVERS = 4;
/** Cards drawn with the grid: the first row of the widest grid, so no screen sees a row filling in. */
export const CARDS_FIRST_DRAWN = EAGER_COVERS;
/** Cards drawn after each yield to the browser until all are: two cards of a phone's cold code in a task stay under Lighthouse's blocking threshold where four did not (ADR 069). */
export const CARDS_DRAWN_PER_TASK = 2;

/**
 * How many of `courses` are drawn: the first row with the grid, then a few more after each explicit
 * yield to the browser (`yieldToBrowser`: a task of its own, after which the browser may paint and
 * take input). The step does not depend on when the renderer runs effects: React runs an effect of a
 * synchronous update before the browser could paint, so an effect that set the next count at once
 * drew the steps in one task. Twelve cards in one task were the longest task after a catalogue's
 * first paint, 4× of which counts as blocking on a phone (ADR 069, 082). A new list starts again
 * from the first row.
 */
function useCardsDrawn(courses: readonly CourseCardData[]): number {
  const [drawn, setDrawn] = useState({ of: courses, count: CARDS_FIRST_DRAWN });
  const count = Math.min(drawn.of === courses ? drawn.count : CARDS_FIRST_DRAWN, courses.length);
  useEffect(() => {
    if (count >= courses.length) return;
    let current = true;
    void yieldToBrowser().then(() => {
      if (current) setDrawn({ of: courses, count: count + CARDS_DRAWN_PER_TASK });
    });
    return () => {
      current = false;
    };
  }, [courses, count]);
  return count;
}

/** A card drawn once: each following task adds cards without drawing the earlier ones again. */
const GridCard = memo(CourseCard);

/** Cards in a grid that reflows to one column on phones. Drawn again only when its own props
 * change: the page around it renders again when the departments arrive or a filter is typed, and
 * drawing twelve cards again was the largest task after a catalogue's first paint (ADR 063). While
 * cards are still to come the list is busy (assistive technology waits for the whole list, and the
 * catalogue keeps its pages' navigation hidden so that it does not move under the reader, ADR 069). */
export const CourseGrid = memo(function CourseGrid({ courses, firstRank, onNavigate }: CourseGridProps) {
  const drawn = useCardsDrawn(courses);
  return (
    <ol className={`course-grid${firstRank === undefined ? ' course-grid--plain' : ''}`} data-testid="course-grid" aria-busy={drawn < courses.length || undefined}>
      {courses.slice(0, drawn).map((course, i) => (
        <li key={course.id}>
          <GridCard
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
