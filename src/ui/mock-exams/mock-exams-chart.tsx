import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MockRecord } from '../../api/schemas/mock-exams.schema';
import { scoreBars } from '../../machines/mock-exams/mock-exams.selectors';
import { formatDate } from '../quiz/quiz-records';

const WIDTH = 320;
const HEIGHT = 160;
const TOP = 8;
const BOTTOM = 20;
const LEFT = 28;
/** The last exams shown (the records table lists every one). */
export const CHART_MAX_BARS = 12;

/**
 * SPEC §3 mock exam stats as a chart: the score of each finished exam in percent of full marks,
 * oldest first, with the pass mark as a dashed line. Accessible: the SVG is an image with a title
 * and a description, and each bar has its own title (date, percent, result); the records table is
 * the full text alternative.
 */
export function MockExamsChart({ records, passPercent }: { records: MockRecord[]; passPercent: number | null }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const bars = scoreBars(records).slice(-CHART_MAX_BARS);
  if (bars.length === 0) return <p data-testid="mock-chart-empty">{t('mock-exams:stats.chart_empty')}</p>;
  const plotH = HEIGHT - TOP - BOTTOM;
  const slot = (WIDTH - LEFT) / CHART_MAX_BARS;
  const y = (percent: number) => TOP + plotH - (plotH * percent) / 100;
  return (
    <svg
      className="mock-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      data-testid="mock-chart"
      preserveAspectRatio="xMinYMid meet"
    >
      <title id={`${id}-title`}>{t('mock-exams:stats.chart_title')}</title>
      <desc id={`${id}-desc`}>{t('mock-exams:stats.chart_desc')}</desc>
      {[0, 50, 100].map((p) => (
        <g key={p} aria-hidden="true">
          <line x1={LEFT} x2={WIDTH} y1={y(p)} y2={y(p)} className="mock-chart__grid" />
          <text x={LEFT - 4} y={y(p) + 4} textAnchor="end" className="mock-chart__axis">
            {p}
          </text>
        </g>
      ))}
      {bars.map((bar, i) => {
        const label = t('mock-exams:stats.bar', {
          date: formatDate(bar.completedAt, i18n.language),
          percent: bar.percent,
          result: t(bar.pass ? 'mock-exams:records.passed' : 'mock-exams:records.failed'),
        });
        return (
          <rect
            key={bar.id}
            x={LEFT + i * slot + slot * 0.15}
            width={slot * 0.7}
            y={y(bar.percent)}
            height={Math.max(1, (plotH * bar.percent) / 100)}
            className={bar.pass ? 'mock-chart__bar mock-chart__bar--pass' : 'mock-chart__bar mock-chart__bar--fail'}
            data-testid="mock-chart-bar"
          >
            <title>{label}</title>
          </rect>
        );
      })}
      {passPercent !== null ? <line x1={LEFT} x2={WIDTH} y1={y(passPercent)} y2={y(passPercent)} className="mock-chart__pass" aria-hidden="true" /> : null}
    </svg>
  );
}
