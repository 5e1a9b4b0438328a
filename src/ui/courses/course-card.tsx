import { useTranslation } from 'react-i18next';
import type { CourseCard as CourseCardData } from '../../api/schemas/courses.schema';
import { DEFAULT_COVER_URL } from '../../config/constants';
import { NavAnchor } from '../layout/nav-anchor';
import { formatDate, formatNumber } from './format';

export interface CourseCardProps {
  course: CourseCardData;
  /** Ranking position (1-based) on the ranking list. */
  rank?: number;
  onNavigate: (to: string) => void;
  /** A card in the first rows: its cover loads at once, not lazily when scrolled to ('high': the
   * first card, the largest paint of a catalogue page on a phone; ADR 035). */
  coverPriority?: 'high' | 'eager';
}

export const coursePath = (id: string) => `/course/${encodeURIComponent(id)}`;

/** A catalogue card (SPEC §3 display fields): cover, title, kind, department, dates and counts,
 * and the learner's progress once enrolled. */
export function CourseCard({ course, rank, onNavigate, coverPriority }: CourseCardProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const enrolled = course.status !== 'not_enrolled';
  // Every item done but still in progress: a quiz or examination remains to pass (the server's
  // completion rule, issue 13); "100% complete" would say it is done (issue 43).
  const quizLeft = course.status === 'in_progress' && course.progress >= 100;
  const progressText = quizLeft ? t('courses:quiz_to_pass') : t('courses:progress', { percent: course.progress });
  return (
    <article className={`course-card course-card--${course.status}`} data-testid="course-card">
      <NavAnchor className="course-card__link" to={coursePath(course.id)} onNavigate={onNavigate}>
        <span className="course-card__cover">
          <img
            src={course.cover_url || DEFAULT_COVER_URL}
            alt=""
            loading={coverPriority ? 'eager' : 'lazy'}
            fetchPriority={coverPriority === 'high' ? 'high' : undefined}
          />
          {rank !== undefined ? (
            <span className="course-card__rank" data-testid="course-rank">
              {t('courses:rank', { rank })}
            </span>
          ) : null}
        </span>
        <h2 className="course-card__title">{course.title}</h2>
      </NavAnchor>
      <p className="course-card__tags">
        <span className={`course-badge course-badge--${course.kind}`}>{t(`courses:kind.${course.kind}`)}</span>
        <span className="course-card__department">{course.department}</span>
      </p>
      <ul className="course-card__meta">
        <li>{t('courses:published', { date: formatDate(course.published_at, lang) })}</li>
        <li>{t('courses:cpd_hours', { hours: formatNumber(course.cpd_hours, lang) })}</li>
        <li>{t('courses:enrolments', { count: formatNumber(course.enrolment_count, lang) })}</li>
        <li>{t('courses:clicks', { count: formatNumber(course.clicks, lang) })}</li>
        <li className={course.liked ? 'course-card__liked' : undefined}>{t('courses:likes', { count: formatNumber(course.likes, lang) })}</li>
      </ul>
      {enrolled ? (
        <div className="course-card__progress" data-remaining={quizLeft ? 'quiz' : undefined}>
          <span className="course-card__status">{t(`courses:status.${course.status}`)}</span>
          <progress max={100} value={course.progress} aria-label={progressText} />
          <span aria-hidden="true" data-testid="card-progress">
            {progressText}
          </span>
        </div>
      ) : null}
    </article>
  );
}
