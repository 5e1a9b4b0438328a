import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { changeLanguage } from '../../i18n';
import { SettingView } from '../../ui/setting/setting-view';
import { useAppConfig } from '../app-context';
import { NewJoinerWelcomeNamespace } from '../new-joiner-welcome/new-joiner-welcome-namespace';

export default function SettingRoute() {
  const config = useAppConfig();
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  // The link to the welcome (issue 47) reads its text from the welcome's namespace, which stays out of the first page.
  return (
    <NewJoinerWelcomeNamespace>
      <SettingView
        language={i18n.language}
        showLanguageSelect={config.login.languageChange}
        onLanguageChange={(lang) => void changeLanguage(i18n, lang)}
        onNavigate={(to) => navigate(to)}
        onLogout={() => navigate('/logout')}
      />
    </NewJoinerWelcomeNamespace>
  );
}
