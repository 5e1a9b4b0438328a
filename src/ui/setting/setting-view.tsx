import { useTranslation } from 'react-i18next';
import type { Language } from '../../config/constants';
import { LanguageSelect } from '../language-select/language-select';
import { NavAnchor } from '../layout/nav-anchor';
import { Button } from '../primitives/button';
import './setting-view.css';

export interface SettingViewProps {
  language: string;
  /** Login configuration "language change" (SPEC §9). */
  showLanguageSelect: boolean;
  onLanguageChange: (lang: Language) => void;
  onNavigate: (to: string) => void;
  onLogout: () => void;
}

export function SettingView(p: SettingViewProps) {
  const { t } = useTranslation();
  return (
    <section className="setting-view" aria-labelledby="setting-view-title">
      <h1 id="setting-view-title">{t('nav-titles:setting')}</h1>
      {p.showLanguageSelect ? (
        <div className="setting-view__group">
          <LanguageSelect value={p.language} onChange={p.onLanguageChange} />
          <p className="setting-view__hint">{t('setting:language_hint')}</p>
        </div>
      ) : null}
      <div className="setting-view__group">
        <h2>{t('setting:account')}</h2>
        <NavAnchor to="/setting/reset-password" onNavigate={p.onNavigate}>
          {t('setting:change_password')}
        </NavAnchor>
        <NavAnchor to="/profile/identity-checks" onNavigate={p.onNavigate}>
          {t('continual-auth:history_link')}
        </NavAnchor>
        <NavAnchor to="/setting/two-factor" onNavigate={p.onNavigate}>
          {t('two-factor:setting.title')}
        </NavAnchor>
        {/* Issue 47: the new joiner's welcome, opened again (its text comes with the welcome's, not the first page's). */}
        <NavAnchor to="/welcome" onNavigate={p.onNavigate}>
          {t('new-joiner-welcome:again_link')}
        </NavAnchor>
      </div>
      <div className="setting-view__group">
        <Button variant="danger" data-testid="logout-button" onClick={p.onLogout}>
          {t('setting:logout')}
        </Button>
      </div>
    </section>
  );
}
