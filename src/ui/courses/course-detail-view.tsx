import type { ReactNode } from 'react';
import type { CourseItem } from '../../api/schemas/courses.schema';
import { useTranslation } from 'react-i18next';
import type { CourseDetailViewModel } from '../../machines/course-detail/course-detail.selectors';
import { DEFAULT_COVER_URL } from '../../config/constants';
import { LoadingOverlay } from '../layout/loading-overlay';
import { NavAnchor } from '../layout/nav-anchor';
import { Button } from '../primitives/button';
import { LikeToggle } from '../primitives/like-toggle';
import { formatDate, formatNumber } from './format';
import { LessonList } from './lesson-list';
import { lessonPath, nextItem } from './next-item';
import './courses.css';

export interface CourseDetailViewProps extends CourseDetailViewModel {
  onLike: () => void;
  onEnrol: () => void;
  onRetry: () => void;
  onNavigate: (to: string) => void;
  /** Sections the page adds after the lessons (a completed course: evaluation and feedback). */
  extra?: ReactNode;
  /** A SCORM item's launcher, given by the route (ADR 029). */
  renderScorm?: (item: CourseItem) => ReactNode;
  /** Beside like: the "Recommend" button, given by the route when the recommend flag is on (issue 48). */
  recommend?: ReactNode;
}

const paragraphs = (text: string) => text.split(/\n\s*\n/).map((s) => s.trim()).filter(Boolean);

/** A course: cover and facts, like, enrol or continue, progress, and its lessons and items. */
export function CourseDetailView(p: CourseDetailViewProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const course = p.course;

  if (p.status === 'failed' || !course) {
    return (
      <section className="course-detail">
        {p.status === 'failed' ? (
          <div role="alert" className="list-state__error">
            <p>{p.failure?.kind === 'server' ? p.failure.message : t('courses:course_failed')}</p>
            <Button onClick={p.onRetry}>{t('courses:retry')}</Button>
          </div>
        ) : (
          <LoadingOverlay text={t('courses:loading_course')} />
        )}
      </section>
    );
  }

  const next = nextItem(course);
  const action = (() => {
    if (course.status === 'not_enrolled') {
      return (
        <Button variant="accent" onClick={p.onEnrol} disabled={p.enrolBusy} data-testid="enrol-button">
          {p.enrolBusy ? t('courses:enrolling') : t('courses:enrol')}
        </Button>
      );
    }
    if (!next) return null;
    const label = course.status === 'completed' ? t('courses:review') : course.completed_items === 0 ? t('courses:start') : t('courses:continue');
    const to = lessonPath(course.id, next.id);
    return (
      <NavAnchor className="btn btn--accent" to={to} onNavigate={p.onNavigate} data-testid="continue-link">
        {label}
      </NavAnchor>
    );
  })();

  return (
    <article className="course-detail" aria-labelledby="course-title">
      <img className="course-detail__cover" src={course.cover_url || DEFAULT_COVER_URL} alt="" />
      <header className="course-detail__header">
        <p className="course-card__tags">
          <span className={`course-badge course-badge--${course.kind}`}>{t(`courses:kind.${course.kind}`)}</span>
          <span className="course-card__department">{course.department}</span>
        </p>
        <h1 id="course-title">{course.title}</h1>
        <ul className="course-card__meta">
          <li>{t('courses:published', { date: formatDate(course.published_at, lang) })}</li>
          <li>{t('courses:cpd_hours', { hours: formatNumber(course.cpd_hours, lang) })}</li>
          <li>{t('courses:enrolments', { count: formatNumber(course.enrolment_count, lang) })}</li>
          <li>{t('courses:clicks', { count: formatNumber(course.clicks, lang) })}</li>
        </ul>
        <div className="course-detail__actions">
          {action}
          <LikeToggle
            liked={course.liked}
            count={formatNumber(course.likes, lang)}
            label={t('courses:like')}
            busy={p.likeBusy}
            onToggle={p.onLike}
            testId="like-button"
            countTestId="like-count"
          />
          {p.recommend}
        </div>
        {p.likeFailure ? (
          <p role="alert" className="course-detail__error">
            {p.likeFailure.kind === 'server' ? p.likeFailure.message : t('courses:like_failed')}
          </p>
        ) : null}
        {p.enrolFailure ? (
          <p role="alert" className="course-detail__error">
            {p.enrolFailure.kind === 'server' ? p.enrolFailure.message : t('courses:enrol_failed')}
          </p>
        ) : null}
        {course.status !== 'not_enrolled' ? (
          <div className="course-detail__progress">
            <span className="course-card__status">{t(`courses:status.${course.status}`)}</span>
            <progress max={course.total_items || 1} value={course.completed_items} aria-label={t('courses:items_progress', { completed: course.completed_items, count: course.total_items })} />
            <span data-testid="items-progress">{t('courses:items_progress', { completed: course.completed_items, count: course.total_items })}</span>
            {/* Every item done, still in progress: a quiz or examination remains to pass (issue 43). */}
            {course.status === 'in_progress' && course.total_items > 0 && course.completed_items >= course.total_items ? (
              <span data-testid="quiz-to-pass">{t('courses:quiz_to_pass')}</span>
            ) : null}
            {course.completed_at ? <span>{t('courses:completed_on', { date: formatDate(course.completed_at, lang) })}</span> : null}
          </div>
        ) : null}
      </header>
      <section className="course-detail__about" aria-labelledby="course-about">
        <h2 id="course-about">{t('courses:about')}</h2>
        {paragraphs(course.description).map((text, i) => (
          <p key={i}>{text}</p>
        ))}
      </section>
      <section className="course-detail__lessons" aria-labelledby="course-lessons">
        <h2 id="course-lessons">{t('courses:lessons')}</h2>
        <LessonList courseId={course.id} lessons={course.lessons} onNavigate={p.onNavigate} renderScorm={p.renderScorm} />
      </section>
      {p.extra}
    </article>
  );
}
