import { useTranslation } from 'react-i18next';
import type { EvidenceReplayViewModel } from '../../machines/evidence-replay/evidence-replay.selectors';

/** The machine's state nodes as an indented list (read from its definition), the step's state lit and named in text. */
export function ReplayDiagram({ diagram }: { diagram: NonNullable<EvidenceReplayViewModel['diagram']> }) {
  const { t } = useTranslation('evidence-replay');
  return (
    <figure className="evidence-replay__diagram" aria-labelledby="evidence-replay-diagram-title">
      <figcaption id="evidence-replay-diagram-title">{t('diagram_title', { machine: t(`machine.${diagram.machine}`) })}</figcaption>
      <ul data-testid="evidence-replay-diagram" data-machine={diagram.machine}>
        {diagram.states.map((s) => (
          <li
            key={s.path}
            data-state={s.path}
            data-mark={s.mark ?? undefined}
            aria-current={s.mark === 'current' ? 'true' : undefined}
            style={{ paddingInlineStart: `${s.depth * 1.25}rem` }}
          >
            <code>{s.key}</code>
            {s.type === 'parallel' ? <span className="evidence-replay__muted"> {t('parallel')}</span> : null}
            {s.type === 'final' ? <span className="evidence-replay__muted"> {t('final')}</span> : null}
            {s.mark ? <strong className="evidence-replay__mark"> — {t(`mark.${s.mark}`)}</strong> : null}
          </li>
        ))}
      </ul>
    </figure>
  );
}
