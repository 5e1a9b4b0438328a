import { useTranslation } from 'react-i18next';
import type { LearningHistory } from '../../api/schemas/learning-history.schema';
import { formatNumber } from '../courses/format';

type Months = NonNullable<LearningHistory['months']>;

const BAR = 28;
const GAP = 8;
const HEIGHT = 120;

/** "Aug 2026" / "2026年8月": by hand, not Intl (ADR 048). */
function useMonthLabel() {
  const { t } = useTranslation();
  return (month: string) => t('profile:month_of_year', { month: t(`profile:month_${Number(month.slice(5, 7))}`), year: month.slice(0, 4) });
}

/**
 * Issue 45: hours on screen per month of the period as a small SVG bar chart (no chart library on
 * the page), and the same figures as a table for screen readers (the chart itself is one image).
 */
export function HistoryChart({ months }: { months: Months }) {
  const { t, i18n } = useTranslation();
  const label = useMonthLabel();
  if (months.length === 0) return null;
  const max = Math.max(...months.map((m) => m.on_screen_hours));
  const width = months.length * (BAR + GAP);
  const n = (v: number) => formatNumber(v, i18n.language);
  return (
    <figure className="profile-view__chart" data-testid="history-chart">
      <figcaption>{t('profile:chart_title')}</figcaption>
      {max === 0 ? <p className="profile-view__hint">{t('profile:chart_none')}</p> : null}
      <svg
        role="img"
        aria-label={t('profile:chart_label', { from: label(months[0].month), to: label(months[months.length - 1].month) })}
        viewBox={`0 0 ${width} ${HEIGHT + 20}`}
        width="100%"
        style={{ maxWidth: `${width * 1.5}px` }}
        preserveAspectRatio="xMinYMin meet"
      >
        {months.map((m, i) => {
          const h = max === 0 ? 0 : Math.max(m.on_screen_hours > 0 ? 2 : 0, (m.on_screen_hours / max) * HEIGHT);
          return (
            <g key={m.month} data-testid="chart-bar" data-month={m.month} data-hours={m.on_screen_hours}>
              <rect x={i * (BAR + GAP)} y={HEIGHT - h} width={BAR} height={h} className="profile-view__bar" />
              <text x={i * (BAR + GAP) + BAR / 2} y={HEIGHT + 14} textAnchor="middle" className="profile-view__bar-label">
                {t(`profile:month_${Number(m.month.slice(5, 7))}`)}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="visually-hidden" data-testid="history-chart-table">
        <caption>{t('profile:chart_title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('profile:chart_month')}</th>
            <th scope="col">{t('profile:chart_hours')}</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{label(m.month)}</th>
              <td>{t('profile:hours', { hours: n(m.on_screen_hours) })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
