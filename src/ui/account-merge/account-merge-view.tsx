import { useTranslation } from 'react-i18next';
import { agentSignInSchema, mergeRequestPayloadSchema, type AgentSignInPayload, type MergeCount, type MergeRequestPayload } from '../../api/schemas/account-merge.schema';
import type { AccountMergeViewModel } from '../../machines/account-merge/account-merge.selectors';
import { FormAlert, FormSuccess } from '../form/form-alert';
import { SubmitButton } from '../form/submit-button';
import { TextField } from '../form/text-field';
import { useSubmissionForm } from '../form/use-submission-form';
import { LoadingOverlay } from '../layout/loading-overlay';
import { NavAnchor } from '../layout/nav-anchor';
import { Button } from '../primitives/button';
import './account-merge.css';

export interface AccountMergeViewProps {
  view: AccountMergeViewModel;
  /** Formats the link's expiry in the interface language. */
  formatTime: (iso: string) => string;
  onRequest: (payload: MergeRequestPayload) => void;
  onConfirm: (payload: AgentSignInPayload) => void;
  onEdit: () => void;
  /** Issue 43: takes the merge back (the done page, within the undo window). */
  onUndo: () => void;
  onNavigate: (to: string) => void;
}

function RequestForm({ view, onRequest, onEdit }: Pick<AccountMergeViewProps, 'view' | 'onRequest' | 'onEdit'>) {
  const { t } = useTranslation();
  const { field, error, onSubmit } = useSubmissionForm<MergeRequestPayload>(mergeRequestPayloadSchema, { agent_code: '', company_email: '' }, { onSubmit: onRequest, onEdit });
  return (
    <>
      <p className="account-merge__text">{t('recruits:merge.intro')}</p>
      <form className="form-stack" noValidate onSubmit={onSubmit}>
        <TextField label={t('recruits:merge.agent_code')} autoCapitalize="none" spellCheck={false} error={error('agent_code')} {...field('agent_code')} />
        <TextField label={t('recruits:merge.company_email')} type="email" autoComplete="email" error={error('company_email')} {...field('company_email')} />
        <FormAlert failure={view.failure} genericText={t('recruits:merge.error_generic')} />
        <SubmitButton busy={view.busy} label={t('recruits:merge.submit')} busyLabel={t('recruits:merge.submitting')} />
      </form>
    </>
  );
}

function Counts({ counts }: { counts: MergeCount[] }) {
  const { t } = useTranslation();
  if (counts.length === 0) return <p className="account-merge__text">{t('recruits:merge.nothing')}</p>;
  return (
    <ul className="account-merge__counts">
      {counts.map((c) => (
        <li key={c.table}>{t('recruits:merge.count', { label: t(`recruits:merge.table.${c.table}`, { defaultValue: c.table }), count: c.count })}</li>
      ))}
    </ul>
  );
}

/** Names, not only counts (issue 43): the courses and classroom enrolments that move. */
function Names({ title, names }: { title: string; names: string[] }) {
  const { t } = useTranslation();
  return (
    <>
      <h2 className="account-merge__subtitle">{title}</h2>
      {names.length === 0 ? (
        <p className="account-merge__text">{t('recruits:merge.none')}</p>
      ) : (
        <ul className="account-merge__counts" aria-label={title}>
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </>
  );
}

function SignInForm({ view, onConfirm, onEdit }: Pick<AccountMergeViewProps, 'view' | 'onConfirm' | 'onEdit'>) {
  const { t } = useTranslation();
  const { field, error, onSubmit } = useSubmissionForm<AgentSignInPayload>(agentSignInSchema, { agent_code: view.preview?.agent.external_id ?? '', password: '' }, { onSubmit: onConfirm, onEdit });
  return (
    <form className="form-stack" noValidate onSubmit={onSubmit} aria-labelledby="account-merge-sign-in">
      <h2 id="account-merge-sign-in" className="account-merge__subtitle">
        {t('recruits:merge.sign_in')}
      </h2>
      <TextField label={t('recruits:merge.agent_code')} autoComplete="username" autoCapitalize="none" spellCheck={false} error={error('agent_code')} {...field('agent_code')} />
      <TextField label={t('recruits:merge.password')} type="password" autoComplete="current-password" error={error('password')} {...field('password')} />
      <FormAlert failure={view.failure} genericText={t('recruits:merge.confirm_error_generic')} />
      <SubmitButton busy={view.busy} label={t('recruits:merge.confirm')} busyLabel={t('recruits:merge.confirming')} />
    </form>
  );
}

/** The merge flow's screens (SPEC §3 merge form, §4 account linking): props in, callbacks out. */
export function AccountMergeView(p: AccountMergeViewProps) {
  const { t } = useTranslation();
  const { view } = p;
  const verifying = view.step !== 'form' && view.step !== 'sent' && view.step !== 'undoOffer';
  const undoButton =
    view.canUndo || view.busy ? (
      <Button type="button" variant="accent" block disabled={view.busy} aria-busy={view.busy || undefined} onClick={p.onUndo}>
        {view.busy ? t('recruits:merge.undoing') : t('recruits:merge.undo')}
      </Button>
    ) : null;
  return (
    <section className="account-merge" aria-labelledby="account-merge-title">
      <h1 id="account-merge-title" className="account-merge__title">
        {t(view.step === 'undoOffer' ? 'recruits:merge.undo_title' : verifying ? 'recruits:merge.verify_title' : 'recruits:merge.title')}
      </h1>
      {view.step === 'form' ? <RequestForm view={view} onRequest={p.onRequest} onEdit={p.onEdit} /> : null}
      {view.step === 'sent' && view.sent ? <FormSuccess>{t('recruits:merge.sent', { email: view.sent.email, time: p.formatTime(view.sent.expires_at) })}</FormSuccess> : null}
      {view.step === 'loading' ? (
        <>
          <p className="account-merge__text">{t('recruits:merge.loading')}</p>
          <LoadingOverlay />
        </>
      ) : null}
      {view.step === 'linkFailed' ? (
        <>
          <FormAlert failure={view.linkError} genericText={t('recruits:merge.link_failed_generic')} />
          <p className="account-merge__text">
            <NavAnchor to="/merge" onNavigate={p.onNavigate}>
              {t('recruits:merge.new_link')}
            </NavAnchor>
          </p>
        </>
      ) : null}
      {view.step === 'preview' && view.preview ? (
        <>
          <p className="account-merge__text">
            {t('recruits:merge.preview_intro', {
              recruit: view.preview.recruit.name,
              recruitCode: view.preview.recruit.external_id,
              agent: view.preview.agent.name,
              agentCode: view.preview.agent.external_id,
              count: view.preview.undo_days,
            })}
          </p>
          <Names title={t('recruits:merge.courses')} names={view.preview.courses} />
          <Names title={t('recruits:merge.classroom')} names={view.preview.classroom} />
          <h2 className="account-merge__subtitle">{t('recruits:merge.moves')}</h2>
          <Counts counts={view.preview.moves} />
          {view.preview.combined.length > 0 ? (
            <>
              <h2 className="account-merge__subtitle">{t('recruits:merge.combined')}</h2>
              <Counts counts={view.preview.combined} />
            </>
          ) : null}
          {view.preview.conflicts.length > 0 ? (
            <>
              <h2 className="account-merge__subtitle">{t('recruits:merge.conflicts')}</h2>
              <Counts counts={view.preview.conflicts} />
            </>
          ) : null}
          <p className="account-merge__text">{t('recruits:merge.closes')}</p>
          <SignInForm view={view} onConfirm={p.onConfirm} onEdit={p.onEdit} />
        </>
      ) : null}
      {view.step === 'done' && view.result ? (
        <>
          <FormSuccess>{t('recruits:merge.done', { recruit: view.result.recruit.name, agent: `${view.result.agent.name} (${view.result.agent.external_id})` })}</FormSuccess>
          <Counts counts={view.result.moves} />
          <p className="account-merge__text">{t('recruits:merge.undo_until', { time: p.formatTime(view.result.undo_until) })}</p>
          <FormAlert failure={view.undoError} genericText={t('recruits:merge.undo_error_generic')} />
          {undoButton}
          <p className="account-merge__text">
            <NavAnchor to="/login" onNavigate={p.onNavigate}>
              {t('recruits:merge.done_sign_in')}
            </NavAnchor>
          </p>
        </>
      ) : null}
      {view.step === 'undoOffer' ? (
        <>
          <p className="account-merge__text">{t('recruits:merge.undo_intro')}</p>
          <FormAlert failure={view.undoError} genericText={t('recruits:merge.undo_error_generic')} />
          {undoButton}
        </>
      ) : null}
      {view.step === 'undone' && view.undone ? (
        <>
          <FormSuccess>
            {t('recruits:merge.undone', {
              recruit: view.undone.recruit.name,
              recruitCode: view.undone.recruit.external_id,
              agent: view.undone.agent.name,
              agentCode: view.undone.agent.external_id,
            })}
          </FormSuccess>
          <p className="account-merge__text">
            <NavAnchor to="/login" onNavigate={p.onNavigate}>
              {t('recruits:merge.done_sign_in')}
            </NavAnchor>
          </p>
        </>
      ) : null}
    </section>
  );
}
