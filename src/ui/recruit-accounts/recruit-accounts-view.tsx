import { useTranslation } from 'react-i18next';
import { createRecruitPayloadSchema, RECRUIT_KINDS, type CreateRecruitPayload, type RecruitAccount } from '../../api/schemas/recruit-accounts.schema';
import type { FailureView } from '../../machines/shared/submission-error';
import { FormAlert, FormSuccess } from '../form/form-alert';
import { SubmitButton } from '../form/submit-button';
import { TextField } from '../form/text-field';
import { useSubmissionForm } from '../form/use-submission-form';
import { Button } from '../primitives/button';
import './recruit-accounts.css';

export interface RecruitAccountsViewProps {
  busy: boolean;
  failure: FailureView;
  created: RecruitAccount | null;
  /** The signed-in manager's own code: recruits are created under it (the server refuses another, issue 43). */
  defaultManagerCode: string;
  onSubmit: (payload: CreateRecruitPayload) => void;
  onEdit: () => void;
  onCreateAnother: () => void;
}

/** /management/recruits: SPEC §3 pre-recruit account form (surname, given name, personal email, manager code). */
export function RecruitAccountsView(p: RecruitAccountsViewProps) {
  const { t } = useTranslation();
  const { field, error, onSubmit } = useSubmissionForm<CreateRecruitPayload>(
    createRecruitPayloadSchema,
    { surname: '', given_name: '', email: '', manager_code: p.defaultManagerCode, kind: 'recruit' },
    p,
  );
  return (
    <section className="recruit-accounts" aria-labelledby="recruit-accounts-title">
      <h1 id="recruit-accounts-title" className="recruit-accounts__title">
        {t('recruits:title')}
      </h1>
      {p.created ? (
        <>
          <FormSuccess>
            {t('recruits:created', { externalId: p.created.external_id, name: p.created.name, manager: p.created.upline.name, email: p.created.email })}
          </FormSuccess>
          <Button onClick={p.onCreateAnother}>{t('recruits:create_another')}</Button>
        </>
      ) : (
        <>
          <p className="recruit-accounts__intro">{t('recruits:intro')}</p>
          <form className="form-stack" noValidate onSubmit={onSubmit}>
            <fieldset className="recruit-accounts__kind">
              <legend className="form-field__label">{t('recruits:kind')}</legend>
              {RECRUIT_KINDS.map((kind) => (
                <label key={kind} className="recruit-accounts__choice">
                  <input type="radio" value={kind} {...field('kind')} /> {t(`recruits:kind_${kind}`)}
                </label>
              ))}
            </fieldset>
            <TextField label={t('recruits:surname')} autoComplete="family-name" error={error('surname')} {...field('surname')} />
            <TextField label={t('recruits:given_name')} autoComplete="given-name" error={error('given_name')} {...field('given_name')} />
            <TextField label={t('recruits:email')} type="email" autoComplete="email" error={error('email')} {...field('email')} />
            <TextField
              label={t('recruits:manager_code')}
              hint={t('recruits:manager_code_hint')}
              readOnly
              autoCapitalize="none"
              spellCheck={false}
              error={error('manager_code')}
              {...field('manager_code')}
            />
            <FormAlert failure={p.failure} genericText={t('recruits:error_generic')} />
            <SubmitButton busy={p.busy} label={t('recruits:submit')} busyLabel={t('recruits:submitting')} />
          </form>
        </>
      )}
    </section>
  );
}
