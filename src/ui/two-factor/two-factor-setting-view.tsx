import { useTranslation } from 'react-i18next';
import type { TwoFactorActivatePayload } from '../../api/schemas/two-factor.schema';
import { groupSecret, type TwoFactorSettingViewModel } from '../../machines/two-factor/two-factor.selectors';
import { FormAlert, FormSuccess } from '../form/form-alert';
import { NavAnchor } from '../layout/nav-anchor';
import { Button } from '../primitives/button';
import { ActivationPasswordForm } from './activation-password-form';
import { CodeForm } from './code-form';
import { DeactivationDialog } from './deactivation-dialog';
import './two-factor-setting-view.css';

export interface TwoFactorSettingViewProps extends TwoFactorSettingViewModel {
  productTitle: string;
  /** The signed-in user's agent code, when it could be loaded. */
  externalId: string | null;
  onStart: () => void;
  onPasswordSubmit: (payload: TwoFactorActivatePayload) => void;
  onPasswordEdit: () => void;
  onNext: () => void;
  onBack: () => void;
  onCancel: () => void;
  onCodeSubmit: (code: string) => void;
  onCodeEdit: () => void;
  onDeactivate: () => void;
  /** The password or a current code typed in the deactivation dialog. */
  onConfirmDeactivate: (proof: string) => void;
  onProofEdit: () => void;
  onCancelDeactivate: () => void;
  onRetry: () => void;
  onSignInAgain: () => void;
  onNavigate: (to: string) => void;
}

/** The server's SVG as an image: a data: URL is inert (no script, no access to the page), unlike injected markup. */
const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** SPEC §2 account area: two-factor status, activation (QR code and text code) and deactivation. */
export function TwoFactorSettingView(p: TwoFactorSettingViewProps) {
  const { t } = useTranslation();
  const generic = t('two-factor:setting.error_generic');
  const cancel = (
    <Button variant="ghost" onClick={p.onCancel} disabled={p.busy}>
      {t('common:cancel')}
    </Button>
  );

  const body = () => {
    switch (p.step) {
      case 'loading':
        return (
          <p role="status" aria-busy="true">
            {t('common:loading')}
          </p>
        );
      case 'loadFailed':
        return (
          <>
            <FormAlert failure={p.failure} genericText={generic} />
            <div className="two-factor-view__actions">
              <Button variant="accent" onClick={p.onRetry}>
                {t('two-factor:setting.retry')}
              </Button>
            </div>
          </>
        );
      case 'off':
        return (
          <>
            <p className="two-factor-view__status">{t('two-factor:setting.status_off')}</p>
            <p>{t('two-factor:setting.explain')}</p>
            <div className="two-factor-view__actions">
              <Button variant="accent" onClick={p.onStart}>
                {t('two-factor:setting.turn_on')}
              </Button>
            </div>
          </>
        );
      case 'password':
        return (
          <>
            <p>{t('two-factor:setting.password_intro')}</p>
            <ActivationPasswordForm externalId={p.externalId} busy={p.busy} failure={p.failure} onSubmit={p.onPasswordSubmit} onEdit={p.onPasswordEdit} />
            <div className="two-factor-view__actions">{cancel}</div>
          </>
        );
      case 'secret':
        return (
          <>
            <p>{t('two-factor:setting.explain')}</p>
            <p>{t('two-factor:setting.scan')}</p>
            {p.qrSvg ? (
              <img className="two-factor-view__qr" src={svgDataUrl(p.qrSvg)} alt={t('two-factor:setting.qr_alt', { product: p.productTitle })} />
            ) : null}
            <p>{t('two-factor:setting.manual')}</p>
            <code className="two-factor-view__secret" data-testid="totp-secret">
              {groupSecret(p.secret ?? '')}
            </code>
            <div className="two-factor-view__actions">
              <Button variant="accent" onClick={p.onNext}>
                {t('two-factor:setting.next')}
              </Button>
              {cancel}
            </div>
          </>
        );
      case 'code':
        return (
          <>
            <p>{t('two-factor:setting.code_intro')}</p>
            <CodeForm
              busy={p.busy}
              failure={p.failure}
              submitLabel={t('two-factor:setting.complete')}
              busyLabel={t('two-factor:setting.completing')}
              genericError={generic}
              onSubmit={p.onCodeSubmit}
              onEdit={p.onCodeEdit}
            />
            <div className="two-factor-view__actions">
              <Button variant="ghost" onClick={p.onBack} disabled={p.busy}>
                {t('two-factor:setting.back')}
              </Button>
              {cancel}
            </div>
          </>
        );
      case 'on':
        return (
          <>
            {p.justActivated ? <FormSuccess>{t('two-factor:setting.activated')}</FormSuccess> : null}
            <p className="two-factor-view__status">{t('two-factor:setting.status_on')}</p>
            {p.required ? (
              <>
                {p.justActivated ? (
                  <NavAnchor to="/main" onNavigate={p.onNavigate}>
                    {t('two-factor:setting.go_home')}
                  </NavAnchor>
                ) : null}
                <p className="two-factor-view__muted">{t('two-factor:setting.required_keep')}</p>
              </>
            ) : (
              <>
                {/* A failed deactivation is told in its dialog. */}
                {p.confirmingDeactivation ? null : <FormAlert failure={p.failure} genericText={generic} />}
                <div className="two-factor-view__actions">
                  <Button variant="danger" onClick={p.onDeactivate} disabled={p.busy}>
                    {t('two-factor:setting.turn_off')}
                  </Button>
                </div>
              </>
            )}
          </>
        );
      case 'deactivated':
        return <FormSuccess>{t('two-factor:setting.deactivated')}</FormSuccess>;
      case 'signInAgain':
        return (
          <>
            <FormAlert failure={p.failure} genericText={generic} />
            <div className="two-factor-view__actions">
              <Button variant="accent" onClick={p.onSignInAgain}>
                {t('two-factor:setting.sign_in_again')}
              </Button>
            </div>
          </>
        );
    }
  };

  return (
    <section className="two-factor-view" aria-labelledby="two-factor-view-title">
      <h1 id="two-factor-view-title">{t('two-factor:setting.title')}</h1>
      {p.required && p.step !== 'on' && p.step !== 'loading' ? <p className="two-factor-view__notice">{t('two-factor:setting.required')}</p> : null}
      {body()}
      <DeactivationDialog
        open={p.confirmingDeactivation}
        busy={p.busy}
        failure={p.confirmingDeactivation ? p.failure : null}
        onConfirm={p.onConfirmDeactivate}
        onEdit={p.onProofEdit}
        onCancel={p.onCancelDeactivate}
      />
    </section>
  );
}
