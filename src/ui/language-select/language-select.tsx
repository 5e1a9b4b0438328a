import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../config/constants';
import { isLanguage } from '../../i18n';
import './language-select.css';

export interface LanguageSelectProps {
  value: string;
  onChange: (lang: Language) => void;
}

/** The interface language picker (en / cn / zh); each option is named in its own language. */
export function LanguageSelect({ value, onChange }: LanguageSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="language-select">
      <label htmlFor={id}>{t('common:language')}</label>
      <select
        id={id}
        data-testid="language-select"
        value={isLanguage(value) ? value : 'en'}
        onChange={(e) => {
          if (isLanguage(e.target.value)) onChange(e.target.value);
        }}
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang}>
            {t(`common:lang_${lang}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
