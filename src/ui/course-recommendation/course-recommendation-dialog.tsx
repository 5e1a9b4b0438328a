import { useTranslation } from 'react-i18next';
import type { CourseRecommendationViewModel } from '../../machines/course-recommendation/course-recommendation.selectors';
import { Modal } from '../primitives/dialog';
import { Button } from '../primitives/button';
import './course-recommendation.css';

export interface CourseRecommendationDialogProps {
  view: CourseRecommendationViewModel;
  courseTitle: string;
  onQuery: (text: string) => void;
  onMore: () => void;
  onRetrySearch: () => void;
  onPick: (id: string) => void;
  onUnpick: (id: string) => void;
  onSend: () => void;
  onClose: () => void;
}

const NS = 'course-recommendation';

/** Issue 48: the "Recommend" dialog of a course page (props in, callbacks out): find colleagues, pick up to the limit, send. */
export function CourseRecommendationDialog({ view, courseTitle, ...on }: CourseRecommendationDialogProps) {
  const { t } = useTranslation();
  const sending = view.step === 'sending';
  const done = view.step === 'done';
  const count = view.picked.length;
  const footer = done ? (
    <Button variant="accent" onClick={on.onClose} data-testid="recommend-close">
      {t(`${NS}:close`)}
    </Button>
  ) : (
    <>
      <Button onClick={on.onClose} disabled={sending}>
        {t(`${NS}:cancel`)}
      </Button>
      <Button variant="accent" onClick={on.onSend} disabled={!view.canSend} aria-busy={sending} data-testid="recommend-send">
        {sending ? t(`${NS}:sending`) : count === 0 ? t(`${NS}:send_none`) : t(`${NS}:send`, { count })}
      </Button>
    </>
  );
  return (
    <Modal
      open={view.open}
      onOpenChange={(open) => {
        if (!open) on.onClose();
      }}
      dismissable={!sending}
      title={done ? t(`${NS}:done_title`) : t(`${NS}:title`, { course: courseTitle })}
      fallbackTitle={t(`${NS}:title`, { course: courseTitle })}
      description={done ? undefined : t(`${NS}:description`, { max: view.max })}
      panelClassName="course-recommendation"
      testId="recommend-dialog"
      footer={footer}
    >
      {done ? <Done view={view} /> : <Compose view={view} {...on} />}
    </Modal>
  );
}

function Done({ view }: { view: CourseRecommendationViewModel }) {
  const { t } = useTranslation();
  return (
    <div role="status" data-testid="recommend-done">
      {view.recommended > 0 || view.alreadyRecommended === 0 ? <p>{t(`${NS}:done_sent`, { count: view.recommended })}</p> : null}
      {view.alreadyRecommended > 0 ? <p>{t(`${NS}:done_already`, { count: view.alreadyRecommended })}</p> : null}
    </div>
  );
}

function Compose({ view, onQuery, onMore, onRetrySearch, onPick, onUnpick }: Omit<CourseRecommendationDialogProps, 'courseTitle' | 'onSend' | 'onClose'>) {
  const { t } = useTranslation();
  const sending = view.step === 'sending';
  return (
    <div className="course-recommendation__body">
      <label htmlFor="recommend-search">{t(`${NS}:search_label`)}</label>
      <input
        id="recommend-search"
        type="search"
        autoComplete="off"
        defaultValue={view.query}
        placeholder={t(`${NS}:search_placeholder`)}
        aria-describedby="recommend-search-hint"
        disabled={sending}
        onChange={(e) => onQuery(e.target.value)}
        data-testid="recommend-search"
      />
      <p id="recommend-search-hint" className="course-recommendation__hint">
        {t(`${NS}:search_hint`)}
      </p>
      <div aria-live="polite">
        {view.search === 'searching' ? <p role="status">{t(`${NS}:searching`)}</p> : null}
        {view.search === 'ready' && view.results.length === 0 ? <p>{t(`${NS}:no_results`, { query: view.query })}</p> : null}
      </div>
      {view.searchFailure ? (
        <div role="alert" className="course-recommendation__error">
          <p>{view.searchFailure.kind === 'server' ? view.searchFailure.message : t(`${NS}:search_failed`)}</p>
          <Button onClick={onRetrySearch}>{t(`${NS}:retry`)}</Button>
        </div>
      ) : null}
      {view.results.length > 0 ? (
        <ul className="course-recommendation__results" aria-label={t(`${NS}:results_label`)} data-testid="recommend-results">
          {view.results.map((u) => (
            <li key={u.id}>
              <span className="course-recommendation__name">
                {u.name} <span className="course-recommendation__code">{u.external_id}</span>
              </span>
              {u.picked ? (
                <span className="course-recommendation__added">{t(`${NS}:added`)}</span>
              ) : (
                <Button disabled={!u.canPick} aria-label={t(`${NS}:add_label`, { name: u.name })} onClick={() => onPick(u.id)}>
                  {t(`${NS}:add`)}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {view.loadingMore ? <p role="status">{t(`${NS}:loading_more`)}</p> : null}
      {view.moreFailure ? (
        <p role="alert" className="course-recommendation__error">
          {view.moreFailure.kind === 'server' ? view.moreFailure.message : t(`${NS}:search_failed`)}
        </p>
      ) : null}
      {view.canMore ? (
        <Button onClick={onMore} data-testid="recommend-more">
          {view.moreFailure ? t(`${NS}:retry`) : t(`${NS}:more`)}
        </Button>
      ) : null}
      <section aria-labelledby="recommend-chosen" className="course-recommendation__chosen">
        <h3 id="recommend-chosen">{t(`${NS}:chosen_label`)}</h3>
        <p>{t(`${NS}:chosen_count`, { count: view.picked.length, max: view.max })}</p>
        {view.picked.length === 0 ? (
          <p>{t(`${NS}:none_chosen`)}</p>
        ) : (
          <ul className="course-recommendation__chips" data-testid="recommend-chips">
            {view.picked.map((u) => (
              <li key={u.id} className="course-recommendation__chip">
                <span>{u.name}</span>
                <button type="button" aria-label={t(`${NS}:remove_label`, { name: u.name })} disabled={sending} onClick={() => onUnpick(u.id)}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        {view.full ? <p role="status">{t(`${NS}:full`)}</p> : null}
      </section>
      {view.sendFailure ? (
        <p role="alert" className="course-recommendation__error" data-testid="recommend-error">
          {view.sendFailure.kind === 'server' ? view.sendFailure.message : t(`${NS}:send_failed`)}
        </p>
      ) : null}
    </div>
  );
}
