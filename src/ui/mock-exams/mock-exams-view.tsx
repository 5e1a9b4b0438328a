import { useTranslation } from 'react-i18next';
import type { MockExamStats, MockPaper, MockRecord, MockTopicProgress } from '../../api/schemas/mock-exams.schema';
import type { MockExamsView as View } from '../../machines/mock-exams/mock-exams.selectors';
import { LoadingOverlay } from '../layout/loading-overlay';
import { Button } from '../primitives/button';
import { formatDate } from '../quiz/quiz-records';
import { MockExamsChart } from './mock-exams-chart';
import './mock-exams.css';

export interface MockExamsViewProps {
  /** The overview's states (practice and exam are shown by their own views). */
  view: View;
  onRetry: () => void;
  onPractice: (paperId: string) => void;
  onExam: (paperId: string) => void;
}

function Stats({ stats, records, papers }: { stats: MockExamStats; records: MockRecord[]; papers: MockPaper[] }) {
  const { t } = useTranslation();
  // The pass line: the papers' pass mark when they share one.
  const marks = [...new Set(papers.map((p) => p.pass_percent))];
  return (
    <section className="mock-exams__section" aria-labelledby="mock-stats-title" data-testid="mock-stats">
      <h2 id="mock-stats-title">{t('mock-exams:stats.heading')}</h2>
      <dl className="mock-stats">
        <div>
          <dt>{t('mock-exams:stats.average_score')}</dt>
          <dd data-testid="mock-stats-average">{t('mock-exams:stats.average_value', { value: stats.average_score })}</dd>
        </div>
        <div>
          <dt>{t('mock-exams:stats.passed_attempts')}</dt>
          <dd data-testid="mock-stats-passed">{stats.passed_attempts}</dd>
        </div>
        <div>
          <dt>{t('mock-exams:stats.total_attempts')}</dt>
          <dd data-testid="mock-stats-total">{stats.total_attempts}</dd>
        </div>
      </dl>
      <MockExamsChart records={records} passPercent={marks.length === 1 ? marks[0] : null} />
    </section>
  );
}

function Papers({ papers, onPractice, onExam }: Pick<MockExamsViewProps, 'onPractice' | 'onExam'> & { papers: MockPaper[] }) {
  const { t } = useTranslation();
  return (
    <section className="mock-exams__section" aria-labelledby="mock-papers-title">
      <h2 id="mock-papers-title">{t('mock-exams:papers.heading')}</h2>
      {papers.length === 0 ? (
        <p>{t('mock-exams:papers.empty')}</p>
      ) : (
        <ul className="mock-papers">
          {papers.map((paper) => (
            <li key={paper.id} className="mock-paper" data-testid="mock-paper">
              <h3>{paper.title}</h3>
              <p>{t('mock-exams:papers.facts', { count: paper.question_count, minutes: paper.time_limit_minutes, percent: paper.pass_percent })}</p>
              <div className="mock-paper__modes">
                <div className="mock-paper__mode">
                  <Button variant="secondary" onClick={() => onPractice(paper.id)} data-testid="mock-practice-open">
                    {t(paper.open_practice_attempt_id ? 'mock-exams:papers.resume_practice' : 'mock-exams:papers.practice')}
                  </Button>
                  <p>{t('mock-exams:papers.practice_hint')}</p>
                </div>
                <div className="mock-paper__mode">
                  <Button variant="primary" onClick={() => onExam(paper.id)} data-testid="mock-exam-open">
                    {t(paper.open_exam_attempt_id ? 'mock-exams:papers.resume_exam' : 'mock-exams:papers.exam')}
                  </Button>
                  <p>{t('mock-exams:papers.exam_hint')}</p>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Progress({ progress }: { progress: MockTopicProgress[] }) {
  const { t } = useTranslation();
  return (
    <section className="mock-exams__section" aria-labelledby="mock-progress-title" data-testid="mock-progress">
      <h2 id="mock-progress-title">{t('mock-exams:progress.heading')}</h2>
      <ul className="mock-progress">
        {progress.map((p) => (
          <li key={p.topic}>
            <span className="mock-progress__topic">{p.title}</span>
            <progress
              max={p.question_count || 1}
              value={p.answered}
              aria-label={t('mock-exams:progress.bar_label', { topic: p.title, answered: p.answered, count: p.question_count, correct: p.correct })}
            />
            <span className="mock-progress__figures">
              {t('mock-exams:progress.answered')} {t('mock-exams:progress.of', { value: p.answered, count: p.question_count })} · {t('mock-exams:progress.correct')} {p.correct}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Records({ records }: { records: MockRecord[] }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="mock-exams__section" aria-labelledby="mock-records-title" data-testid="mock-records">
      <h2 id="mock-records-title">{t('mock-exams:records.heading')}</h2>
      {records.length === 0 ? (
        <p>{t('mock-exams:records.empty')}</p>
      ) : (
        <ul className="mock-records">
          {records.map((r) => (
            <li key={r.attempt_id} data-testid="mock-record">
              <strong>{r.paper_title}</strong>
              <dl>
                <div>
                  <dt>{t('mock-exams:records.score')}</dt>
                  <dd>{t('mock-exams:records.score_value', { score: r.score, full: r.full_marks })}</dd>
                </div>
                <div>
                  <dt>{t('mock-exams:records.result')}</dt>
                  <dd className={r.pass ? 'mock-records__pass' : 'mock-records__fail'}>{t(r.pass ? 'mock-exams:records.passed' : 'mock-exams:records.failed')}</dd>
                </div>
                <div>
                  <dt>{t('mock-exams:records.started')}</dt>
                  <dd>{formatDate(r.started_at, i18n.language)}</dd>
                </div>
                <div>
                  <dt>{t('mock-exams:records.completed')}</dt>
                  <dd>{formatDate(r.completed_at, i18n.language)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /mockexam before a paper is opened: papers with their two modes, stats and chart, progress per topic, records. Props in, callbacks out. */
export function MockExamsView({ view, onRetry, onPractice, onExam }: MockExamsViewProps) {
  const { t } = useTranslation();
  if (view.status === 'loading' || view.status === 'practice' || view.status === 'exam') return <LoadingOverlay text={t('mock-exams:loading')} />;
  return (
    <section className="mock-exams" data-testid="mock-exams-view">
      <header>
        <h1>{t('mock-exams:title')}</h1>
        <p>{t('mock-exams:intro')}</p>
      </header>
      {view.status === 'load_failed' ? (
        <div role="alert" className="mock-exams__error">
          <p>{t('mock-exams:load_failed')}</p>
          {view.problem ? <p>{view.problem}</p> : null}
          <Button onClick={onRetry}>{t('mock-exams:retry')}</Button>
        </div>
      ) : (
        <>
          <Papers papers={view.papers} onPractice={onPractice} onExam={onExam} />
          <Stats stats={view.stats} records={view.records} papers={view.papers} />
          <Progress progress={view.progress} />
          <Records records={view.records} />
        </>
      )}
    </section>
  );
}
