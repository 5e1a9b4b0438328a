import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadingOverlay } from '../layout/loading-overlay';
import { Button } from '../primitives/button';
import './lesson-view.css';

export type LessonStatus = 'loading' | 'failed' | 'not_found' | 'ready';

export interface LessonNeighbour {
  courseId: string;
  itemId: string;
  title: string;
}

export interface LessonViewProps {
  status: LessonStatus;
  courseId: string;
  courseTitle?: string;
  lessonTitle?: string;
  itemTitle?: string;
  /** The item is complete (from the server, or the reading's time reached). */
  completed?: boolean;
  /** A reading item: seconds needed and spent (shown as progress). */
  reading?: { body: string; requiredSeconds: number; spentSeconds: number };
  /** The on-screen timer (its own view). */
  timer?: ReactNode;
  /** The attachment viewer, for an attachment item. */
  content?: ReactNode;
  /** The learner's notes on this item (issue 47: the notes panel). */
  notes?: ReactNode;
  previous?: LessonNeighbour | null;
  next?: LessonNeighbour | null;
  onRetry: () => void;
}

const itemPath = (n: LessonNeighbour) => `/lesson/${n.courseId}/${n.itemId}`;

/** /lesson/:courseId/:itemId: one item of a course, its time on screen, and the way on. */
export function LessonView(p: LessonViewProps) {
  const { t } = useTranslation();
  if (p.status === 'loading') return <LoadingOverlay text={t('lesson:loading')} />;
  if (p.status === 'failed' || p.status === 'not_found') {
    return (
      <section className="lesson-view" aria-labelledby="lesson-error">
        <div role="alert" className="lesson-view__error">
          <h1 id="lesson-error">{t(p.status === 'failed' ? 'lesson:load_failed' : 'lesson:not_found')}</h1>
          {p.status === 'failed' ? <Button onClick={p.onRetry}>{t('lesson:retry')}</Button> : null}
          <Link to={`/course/${p.courseId}`}>{t('lesson:back_to_course')}</Link>
        </div>
      </section>
    );
  }
  const reading = p.reading;
  const readingLeft = reading ? Math.max(0, reading.requiredSeconds - reading.spentSeconds) : 0;
  return (
    <article className="lesson-view" aria-labelledby="lesson-item-title" data-testid="lesson-view">
      <header className="lesson-view__header">
        <nav aria-label={t('lesson:breadcrumb')} className="lesson-view__crumbs">
          <Link to={`/course/${p.courseId}`}>{p.courseTitle}</Link>
          {p.lessonTitle ? <span> / {p.lessonTitle}</span> : null}
        </nav>
        <h1 id="lesson-item-title">{p.itemTitle}</h1>
        <div className="lesson-view__status">
          {p.timer}
          {p.completed ? (
            <span className="lesson-view__done" data-testid="item-completed">
              {t('lesson:completed')}
            </span>
          ) : null}
        </div>
      </header>
      {reading ? (
        <div className="lesson-view__reading">
          {reading.body.split(/\n\s*\n/).map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
          {p.completed ? null : (
            <p className="lesson-view__hint" data-testid="reading-left">
              {t('lesson:reading_left', { count: readingLeft })}
            </p>
          )}
        </div>
      ) : (
        <div className="lesson-view__content">{p.content}</div>
      )}
      {p.notes}
      <nav className="lesson-view__pager" aria-label={t('lesson:items_nav')}>
        {p.previous ? (
          <Link to={itemPath(p.previous)} rel="prev" data-testid="previous-item">
            ← {t('lesson:previous')}: {p.previous.title}
          </Link>
        ) : (
          <span />
        )}
        {p.next ? (
          <Link to={itemPath(p.next)} rel="next" data-testid="next-item">
            {t('lesson:next')}: {p.next.title} →
          </Link>
        ) : (
          <Link to={`/course/${p.courseId}`}>{t('lesson:back_to_course')}</Link>
        )}
      </nav>
    </article>
  );
}
