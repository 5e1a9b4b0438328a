import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CourseItem, Lesson } from '../../api/schemas/courses.schema';
import { NavAnchor } from '../layout/nav-anchor';
import { formatDuration } from './format';
import { lessonPath } from './next-item';
import { TypeIcon } from './type-icon';

function ItemFacts({ item }: { item: CourseItem }) {
  const { t } = useTranslation();
  const a = item.attachment;
  if (item.kind === 'reading') {
    return <>{t('courses:reading_time', { spent: formatDuration(Math.min(item.duration, item.required_seconds), t), required: formatDuration(item.required_seconds, t) })}</>;
  }
  if (a && a.media_duration > 0) return <>{t('courses:media_length', { duration: formatDuration(a.media_duration, t) })}</>;
  if (a && a.page_count > 0) return <>{t('courses:pages_count', { count: a.page_count })}</>;
  return null;
}

export interface LessonListProps {
  courseId: string;
  lessons: readonly Lesson[];
  onNavigate: (to: string) => void;
  /** A SCORM item's launcher (ADR 029: the package opens in a popup from the course page). */
  renderScorm?: (item: CourseItem) => ReactNode;
}

/** The lessons and their items: type, title, what it takes, whether done; each opens its viewer. */
export function LessonList({ courseId, lessons, onNavigate, renderScorm }: LessonListProps) {
  const { t } = useTranslation();
  if (lessons.length === 0) return <p className="list-state__empty">{t('courses:no_lessons')}</p>;
  return (
    <ol className="lesson-list">
      {lessons.map((lesson) => (
        <li key={lesson.id} className="lesson-list__lesson">
          <h3>{lesson.title}</h3>
          <ul className="lesson-list__items">
            {lesson.items.map((item) => (
              <li key={item.id} className={`lesson-item${item.completed ? ' lesson-item--completed' : ''}`} data-testid="lesson-item">
                {item.attachment ? (
                  <TypeIcon type={item.attachment.type} />
                ) : item.kind === 'scorm' ? (
                  <span className="type-icon type-icon--scorm" role="img" aria-label={t('scorm:item_scorm')} title={t('scorm:item_scorm')}>
                    ▶
                  </span>
                ) : (
                  <span className="type-icon type-icon--reading" role="img" aria-label={t('courses:item_reading')} title={t('courses:item_reading')}>
                    Aa
                  </span>
                )}
                <NavAnchor className="lesson-item__title" to={lessonPath(courseId, item.id)} onNavigate={onNavigate}>
                  {item.title}
                </NavAnchor>
                <span className="lesson-item__facts">{item.kind === 'scorm' ? renderScorm?.(item) : <ItemFacts item={item} />}</span>
                <span className="lesson-item__done" role="img" aria-label={t(item.completed ? 'courses:item_completed' : 'courses:item_not_completed')}>
                  {item.completed ? '✓' : ''}
                </span>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
