import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CPD_CLAIM_KINDS, cpdClaimFieldsSchema, evidenceProblemOf, type CpdClaim, type CpdClaimFields } from '../../api/schemas/cpd-claim.schema';
import type { CpdClaimDraft } from '../../machines/cpd-claim/cpd-claim.machine';
import type { CpdClaimView as ViewModel } from '../../machines/cpd-claim/cpd-claim.selectors';
import { FormAlert } from '../form/form-alert';
import { SubmitButton } from '../form/submit-button';
import { TextField } from '../form/text-field';
import '../form/form.css';

export const CPD_CLAIM_NS = 'cpd-claim';

export interface CpdClaimViewProps {
  view: ViewModel;
  /** SPEC §9's limits, for the first look at a chosen file. */
  limits: { file: number; image: number };
  onSubmit: (draft: CpdClaimDraft) => void;
  onEdit: () => void;
  onCorrect: () => void;
  onRetry: () => void;
  onOpenEvidence: () => void;
}

/** The form's own values: the checkboxes as booleans; sent as the contract's text fields. */
interface FormValues {
  kind: CpdClaimFields['kind'];
  provider: string;
  title: string;
  started_on: string;
  ended_on: string;
  hours: string;
  ethics_or_regulations: boolean;
  terms_accepted: boolean;
}

const toFields = (v: FormValues): CpdClaimFields => ({
  kind: v.kind,
  provider: v.provider,
  title: v.title,
  started_on: v.started_on,
  ended_on: v.ended_on,
  hours: v.hours,
  ethics_or_regulations: v.ethics_or_regulations ? 'true' : 'false',
  // 'false' is what the schema refuses with its message (the terms must be accepted).
  terms_accepted: (v.terms_accepted ? 'true' : 'false') as 'true',
});

// The contract's schema judges the form (the server judges again): its messages are translation keys.
const resolver: Resolver<FormValues> = async (values, context, options) => {
  const result = await zodResolver(cpdClaimFieldsSchema)(toFields(values), context, options as never);
  return { values: Object.keys(result.errors).length ? {} : values, errors: result.errors } as never;
};

const hoursOf = (c: CpdClaim) => String(Math.round((c.minutes / 60) * 100) / 100);
function defaultsOf(draft: CpdClaimDraft | null, claim: CpdClaim | null): FormValues {
  const f = draft?.fields;
  if (f) return { kind: f.kind, provider: f.provider, title: f.title, started_on: f.started_on, ended_on: f.ended_on, hours: f.hours ?? (f.minutes ? String(Number(f.minutes) / 60) : ''), ethics_or_regulations: f.ethics_or_regulations === 'true', terms_accepted: f.terms_accepted === 'true' };
  if (claim) return { kind: claim.kind, provider: claim.provider, title: claim.title, started_on: claim.started_on, ended_on: claim.ended_on, hours: hoursOf(claim), ethics_or_regulations: claim.ethics_or_regulations, terms_accepted: false };
  return { kind: 'seminar', provider: '', title: '', started_on: '', ended_on: '', hours: '', ethics_or_regulations: false, terms_accepted: false };
}

function ClaimForm({ view, limits, onSubmit, onEdit }: Pick<CpdClaimViewProps, 'view' | 'limits' | 'onSubmit' | 'onEdit'>) {
  const { t } = useTranslation([CPD_CLAIM_NS, 'validation']);
  const [file, setFile] = useState<File | null>(view.draft?.file ?? null);
  const [fileError, setFileError] = useState<string | null>(null);
  const { register, handleSubmit, formState: { errors } } = useForm<FormValues>({ resolver, defaultValues: defaultsOf(view.draft, view.claim) });
  const field = (name: keyof FormValues) => register(name, { onChange: () => view.status === 'refused' && onEdit() });
  const message = (key?: string) => (key ? t(key) : undefined);
  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    if (view.status === 'refused') onEdit();
    const problem = chosen ? evidenceProblemOf(chosen, limits) : null;
    setFileError(problem === null ? null : problem.kind === 'type' ? t('evidence_type') : t('evidence_too_large', { megabytes: problem.megabytes }));
  };
  const send = (values: FormValues) => {
    if (fileError) return;
    if (!file && view.fileRequired) return setFileError(t('evidence_required'));
    onSubmit({ fields: toFields(values), file });
  };
  return (
    <form className="form-stack cpd-claim__form" noValidate onSubmit={handleSubmit(send)}>
      <div className="form-field">
        <label className="form-field__label" htmlFor="cpd-claim-kind">{t('kind')}</label>
        <select id="cpd-claim-kind" className="form-field__input" {...field('kind')}>
          {CPD_CLAIM_KINDS.map((k) => (
            <option key={k} value={k}>{t(`kinds.${k}`)}</option>
          ))}
        </select>
      </div>
      <TextField label={t('provider')} error={message(errors.provider?.message)} {...field('provider')} />
      <TextField label={t('title')} error={message(errors.title?.message)} {...field('title')} />
      <TextField label={t('started_on')} type="date" error={message(errors.started_on?.message)} {...field('started_on')} />
      <TextField label={t('ended_on')} type="date" error={message(errors.ended_on?.message)} {...field('ended_on')} />
      <TextField label={t('hours')} inputMode="decimal" hint={t('hours_hint')} error={message(errors.hours?.message ?? (errors as Record<string, { message?: string }>).minutes?.message)} {...field('hours')} />
      <label className="form-check">
        <input type="checkbox" {...field('ethics_or_regulations')} /> {t('ethics')}
      </label>
      <TextField
        label={t('evidence')}
        type="file"
        accept="application/pdf,image/png,image/jpeg,image/webp"
        hint={view.correcting && view.claim ? `${t('evidence_hint')} ${t('evidence_keep', { name: view.claim.evidence.name })}` : t('evidence_hint')}
        error={fileError ?? undefined}
        onChange={(e) => chooseFile(e.currentTarget.files?.[0] ?? null)}
      />
      <p className="cpd-claim__warning" role="note">{t('terms_warning')}</p>
      <label className="form-check">
        <input type="checkbox" aria-invalid={errors.terms_accepted ? true : undefined} {...field('terms_accepted')} /> {t('terms')}
      </label>
      {errors.terms_accepted ? <p className="form-field__error" role="alert">{message(errors.terms_accepted.message)}</p> : null}
      <FormAlert failure={view.failure} genericText={t('error_generic')} />
      <SubmitButton busy={view.busy} label={view.status === 'refused' ? t('send_again') : t('send')} busyLabel={t('sending')} />
    </form>
  );
}

function ClaimDetails({ claim, onOpenEvidence }: { claim: CpdClaim; onOpenEvidence: () => void }) {
  const { t } = useTranslation(CPD_CLAIM_NS);
  return (
    <dl className="cpd-claim__details" data-status={claim.status}>
      <dt>{t('title')}</dt>
      <dd>{claim.title}</dd>
      <dt>{t('provider')}</dt>
      <dd>{claim.provider}</dd>
      <dt>{t('kind')}</dt>
      <dd>{t(`kinds.${claim.kind}`)}</dd>
      <dt>{t('ended_on')}</dt>
      <dd>{claim.started_on === claim.ended_on ? claim.ended_on : `${claim.started_on} – ${claim.ended_on}`}</dd>
      <dt>{t('hours')}</dt>
      <dd>{t('minutes', { count: claim.minutes })}{claim.ethics_or_regulations ? ` · ${t('ethics')}` : ''}</dd>
      <dt>{t('evidence')}</dt>
      <dd>
        <button type="button" className="link-button" onClick={onOpenEvidence}>{t('open_evidence')}</button> {claim.evidence.name}
      </dd>
      <dt>{t('status_label')}</dt>
      <dd className="cpd-claim__status">
        <strong>{t(`status.${claim.status}`)}</strong> · {t('revision', { count: claim.revision })}
        {claim.decided_by ? ` · ${t('decided_by', { name: claim.decided_by })}` : ''}
      </dd>
      {claim.reason ? (
        <>
          <dt>{t('reason')}</dt>
          <dd className="cpd-claim__reason">{claim.reason}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** /cpd/claims/new and /cpd/claims/:id (issue 45): the claim form, a claim and its decision. */
export function CpdClaimView(p: CpdClaimViewProps) {
  const { t } = useTranslation(CPD_CLAIM_NS);
  const { view } = p;
  const heading = view.formShown ? (view.correcting ? t('title_correct') : t('title_new')) : t('title_claim');
  return (
    <section className="cpd-claim" aria-busy={view.busy || undefined}>
      <h1>{heading}</h1>
      {view.formShown && !view.correcting ? <p>{t('intro')}</p> : null}
      {view.status === 'loading' ? <p role="status">{t('loading')}</p> : null}
      {view.status === 'failed' ? (
        <div>
          <FormAlert failure={view.failure} genericText={t('load_error')} />
          <button type="button" onClick={p.onRetry}>{t('retry')}</button>
        </div>
      ) : null}
      {view.status === 'submitted' ? <p role="status">{t('sent')}</p> : null}
      {view.claim && !view.formShown ? <ClaimDetails claim={view.claim} onOpenEvidence={p.onOpenEvidence} /> : null}
      {view.canCorrect ? <button type="button" onClick={p.onCorrect}>{t('correct')}</button> : null}
      {view.formShown ? <ClaimForm view={view} limits={p.limits} onSubmit={p.onSubmit} onEdit={p.onEdit} /> : null}
      <p>
        <Link to="/cpd">{t('back')}</Link>
      </p>
    </section>
  );
}
