import { useTranslation } from 'react-i18next';
import type { Achievement, Achievements } from '../../api/schemas/achievements.schema';
import { formatDate, formatNumber } from '../courses/format';
import './achievements.css';

export interface AchievementsViewProps {
  /** The server's answer (every kind, earned or not). */
  achievements: Achievements;
}

const dayText = (day: string, lang: string) => formatDate(`${day}T00:00:00`, lang);

/** The profile's achievements card (issue 45, ADR 090): each earned one with its Hong Kong date, the others with how to earn them. */
export function AchievementsView({ achievements }: AchievementsViewProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const earned = achievements.achievements.filter((a) => a.earned_on !== null).length;
  const name = (a: Achievement) => (a.kind === 'learning_streak' ? t('achievements:kind.learning_streak', { count: achievements.streak_days }) : t(`achievements:kind.${a.kind}`));
  const how = (a: Achievement) =>
    a.kind === 'learning_streak'
      ? t('achievements:how.learning_streak', { count: achievements.streak_days })
      : a.kind === 'cpd_target'
        ? t('achievements:how.cpd_target', { from: dayText(achievements.cpd_period.starts_on, lang), to: dayText(achievements.cpd_period.ends_on, lang) })
        : t(`achievements:how.${a.kind}`);
  return (
    <section className="profile-view__card achievements" aria-labelledby="achievements-title" data-testid="achievements">
      <h2 id="achievements-title">{t('achievements:title')}</h2>
      <p className="achievements__count">{t('achievements:earned_count', { count: earned, total: formatNumber(achievements.achievements.length, lang) })}</p>
      <ul className="achievements__list">
        {achievements.achievements.map((a) => (
          <li key={a.kind} className={`achievements__item${a.earned_on ? ' achievements__item--earned' : ''}`} data-testid={`achievement-${a.kind}`} data-earned={a.earned_on !== null}>
            <span className="achievements__badge" aria-hidden="true">
              {a.earned_on ? '★' : '☆'}
            </span>
            <div>
              <h3>{name(a)}</h3>
              {a.earned_on ? (
                <p className="achievements__date">
                  <time dateTime={a.earned_on}>{t('achievements:earned_on', { date: dayText(a.earned_on, lang) })}</time>
                </p>
              ) : (
                <p className="achievements__how">
                  <span className="visually-hidden">{t('achievements:not_yet')}. </span>
                  {how(a)}
                </p>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
