import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ReplayStep } from '../../api/schemas/evidence-replay.schema';
import type { EvidenceReplayViewModel } from '../../machines/evidence-replay/evidence-replay.selectors';
import { formatCalendarDay, formatDateTime } from '../format/date-format';
import { Button } from '../primitives/button';
import { ReplayDiagram } from './replay-diagram';
import './evidence-replay.css';

export interface EvidenceReplayViewProps {
  view: EvidenceReplayViewModel;
  /** The learner's ledger page (where the auditor came from). */
  ledgerHref: string;
  onRetry: () => void;
  onPrevious: () => void;
  onNext: () => void;
  onFirst: () => void;
  onLast: () => void;
}

/** What one recorded step says, in words, with its figures (seconds, check type, score). */
export function useStepText() {
  const { t } = useTranslation('evidence-replay');
  const seconds = (n: string | number | undefined) => t('seconds', { count: Number(n ?? 0) });
  return (step: ReplayStep) => {
    const f = step.detail.figures;
    return t(`kind.${step.detail.kind}`, {
      subject: step.detail.subject ?? t('no_subject'),
      credited: seconds(f.credited_seconds),
      claimed: seconds(f.claimed_seconds),
      cover: f.covered_by ? t(`cover.${f.covered_by}`) : '',
      check: f.check_type ? t(`check_type.${f.check_type}`, { defaultValue: String(f.check_type) }) : '',
      score: f.score ?? '',
      full: f.full_marks ?? '',
    });
  };
}

/** /cpd/report/ledger/:userId/replay (issue 46, ADR 097): the auditor steps through a learner's recorded transitions. Props in, callbacks out. */
export function EvidenceReplayView({ view, ledgerHref, onRetry, onPrevious, onNext, onFirst, onLast }: EvidenceReplayViewProps) {
  const { t, i18n } = useTranslation('evidence-replay');
  const lang = i18n.language;
  const stepText = useStepText();
  const scope = view.scope.kind === 'day' && view.scope.day ? t('scope_day', { day: formatCalendarDay(view.scope.day, lang) }) : view.scope.title ? t('scope_course', { title: view.scope.title }) : null;
  // Arrow keys step too, anywhere in the replay (the buttons stay the way for every input).
  const onKeyDown = (e: React.KeyboardEvent) => {
    const act = { ArrowLeft: view.canPrevious && onPrevious, ArrowRight: view.canNext && onNext, Home: view.canFirst && onFirst, End: view.canLast && onLast }[e.key];
    if (act) {
      e.preventDefault();
      act();
    }
  };
  const step = view.step;
  return (
    <section aria-labelledby="evidence-replay-title" className="evidence-replay" data-testid="evidence-replay">
      <p>
        <Link to={ledgerHref}>{t('back')}</Link>
      </p>
      <h1 id="evidence-replay-title">{t('title')}</h1>
      {view.learner ? <p data-testid="evidence-replay-learner">{t('learner', { name: view.learner.name, code: view.learner.agentCode })}</p> : null}
      {scope ? <p>{scope}</p> : null}
      <p className="evidence-replay__note">{t('note')}</p>
      {view.status === 'loading' ? <p role="status">{t('loading')}</p> : null}
      {view.status === 'failed' ? (
        <div role="alert">
          <p>{view.failure?.kind === 'server' ? view.failure.message : t('failed')}</p>
          {view.canRetry ? <Button onClick={onRetry}>{t('retry')}</Button> : null}
        </div>
      ) : null}
      {view.status === 'empty' ? <p data-testid="evidence-replay-empty">{t('empty')}</p> : null}
      {step && view.diagram ? (
        <div className="evidence-replay__stage" onKeyDown={onKeyDown} role="group" aria-label={t('stepper')}>
          <div className="evidence-replay__controls">
            <Button onClick={onFirst} disabled={!view.canFirst} data-testid="evidence-replay-first">
              {t('first')}
            </Button>
            <Button onClick={onPrevious} disabled={!view.canPrevious} data-testid="evidence-replay-previous" aria-keyshortcuts="ArrowLeft">
              {t('previous')}
            </Button>
            <span data-testid="evidence-replay-position">{t('position', { n: view.index + 1, total: view.total })}</span>
            <Button onClick={onNext} disabled={!view.canNext} data-testid="evidence-replay-next" aria-keyshortcuts="ArrowRight">
              {t('next')}
            </Button>
            <Button onClick={onLast} disabled={!view.canLast} data-testid="evidence-replay-last">
              {t('last')}
            </Button>
          </div>
          {/* The step in words: read out on every change, so the state is never told by colour alone. */}
          <div role="status" aria-live="polite" className="evidence-replay__step" data-testid="evidence-replay-step">
            <p className="evidence-replay__when">{formatDateTime(step.at, lang, { seconds: true })}</p>
            <p className="evidence-replay__what">{stepText(step)}</p>
            <p data-testid="evidence-replay-state">
              {t('now_in', { machine: t(`machine.${step.machine}`) })} <code>{step.to_state}</code>
            </p>
            <p className="evidence-replay__muted">
              {t('transition', { from: step.from_state, event: step.event, to: step.to_state })}
            </p>
          </div>
          <ReplayDiagram diagram={view.diagram} />
          <section aria-labelledby="evidence-replay-steps-title">
            <h2 id="evidence-replay-steps-title">{t('steps_title', { count: view.total })}</h2>
            <ol className="evidence-replay__timeline" data-testid="evidence-replay-timeline">
              {view.steps.map((s, i) => (
                <li key={`${i}:${s.at}`} aria-current={i === view.index ? 'step' : undefined} data-current={i === view.index || undefined}>
                  {formatDateTime(s.at, lang, { seconds: true })} · {t(`machine.${s.machine}`)} · {stepText(s)}
                </li>
              ))}
            </ol>
          </section>
        </div>
      ) : null}
    </section>
  );
}
