import { useTranslation } from 'react-i18next';
import { NEW_JOINER_WELCOME_LINKS, type NewJoinerWelcomeLink } from '../../config/new-joiner-welcome';
import type { NewJoinerWelcomeViewModel } from '../../machines/new-joiner-welcome/new-joiner-welcome.selectors';
import { NavAnchor } from '../layout/nav-anchor';
import { Button } from '../primitives/button';
import './new-joiner-welcome.css';

export interface NewJoinerWelcomeViewProps {
  view: NewJoinerWelcomeViewModel;
  /** The learner leaves by one of the welcome's links (the dismissal is recorded first). */
  onLeave: (link: NewJoinerWelcomeLink) => void;
  onRetry: () => void;
}

const NS = 'new-joiner-welcome';

/** Issue 47, ADR 102: the new joiner's welcome: what the product is, and where to begin. */
export function NewJoinerWelcomeView({ view, onLeave, onRetry }: NewJoinerWelcomeViewProps) {
  const { t } = useTranslation();
  const link = (name: NewJoinerWelcomeLink, className?: string) => (
    <NavAnchor
      to={NEW_JOINER_WELCOME_LINKS[name]}
      className={className}
      aria-disabled={view.busy || undefined}
      data-testid={`welcome-${name}`}
      onNavigate={() => {
        if (!view.busy) onLeave(name);
      }}
    >
      {t(`${NS}:${name === 'cpd' ? 'cpd_link' : name}`)}
    </NavAnchor>
  );
  const topics = ['courses', 'quizzes', 'cpd', 'identity'] as const;
  return (
    <section className="new-joiner-welcome" aria-labelledby="new-joiner-welcome-title" aria-busy={view.busy}>
      <h1 id="new-joiner-welcome-title">{t(`${NS}:title`)}</h1>
      <p className="new-joiner-welcome__intro">{t(`${NS}:intro`)}</p>
      <ul className="new-joiner-welcome__topics">
        {topics.map((topic) => (
          <li key={topic} className="new-joiner-welcome__topic">
            <h2>{t(`${NS}:${topic}_title`)}</h2>
            <p>{t(`${NS}:${topic}`)}</p>
            {topic === 'cpd' ? link('cpd') : null}
          </li>
        ))}
      </ul>
      <div className="new-joiner-welcome__next">
        <h2>{t(`${NS}:next_title`)}</h2>
        <nav className="new-joiner-welcome__links" aria-label={t(`${NS}:next_title`)}>
          {link('compulsory')}
          {view.showLearningMap ? link('learning_map') : null}
        </nav>
        {view.status === 'failed' ? (
          <div role="alert" className="new-joiner-welcome__failed">
            <p>{t(`${NS}:failed`)}</p>
            <p>{t(`${NS}:failed_next`)}</p>
            <Button variant="secondary" onClick={onRetry}>
              {t(`${NS}:retry`)}
            </Button>
          </div>
        ) : null}
        <Button variant="accent" className="new-joiner-welcome__start" disabled={view.busy} data-testid="welcome-start" onClick={() => onLeave('start')}>
          {view.busy ? t(`${NS}:leaving`) : t(`${NS}:start`)}
        </Button>
        <p className="new-joiner-welcome__hint">{t(`${NS}:again_hint`)}</p>
      </div>
    </section>
  );
}
