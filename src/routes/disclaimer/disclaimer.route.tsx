import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { languageHeaderValue } from '../../config/constants';
import { DisclaimerView } from '../../ui/disclaimer/disclaimer-view';
import { useAppConfig } from '../app-context';
import { disclaimerLanguage, readStoredLang } from './disclaimer-language';

export default function DisclaimerRoute() {
  const config = useAppConfig();
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const lang = disclaimerLanguage(readStoredLang(), config.defaultLanguage);
  return (
    <DisclaimerView
      productTitle={config.productTitle}
      text={lang ? { t: i18n.getFixedT(lang), htmlLang: languageHeaderValue(lang) } : null}
      onNavigate={(to) => navigate(to)}
    />
  );
}
