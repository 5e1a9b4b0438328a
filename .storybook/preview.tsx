import type { Decorator, Preview } from '@storybook/react-vite';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { LANGUAGES, type Language } from '../src/config/constants';
import { isLanguage } from '../src/i18n';
import { createI18n } from '../src/i18n/testing';
import '../src/ui/styles/fonts-hk.css';
import '../src/ui/styles/fonts-sc.css';
import '../src/ui/styles/global.css';

// One i18n instance per language, so switching the toolbar never re-initialises a catalogue.
const instances = new Map<Language, I18n>();
function i18nFor(lang: Language): I18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = createI18n(lang);
    instances.set(lang, instance);
  }
  document.documentElement.lang = instance.language === 'zh' ? 'zh-HK' : instance.language === 'cn' ? 'zh-CN' : 'en';
  return instance;
}

const withI18n: Decorator = (Story, context) => {
  const lang: Language = isLanguage(context.globals.locale) ? context.globals.locale : 'en';
  return (
    <I18nextProvider i18n={i18nFor(lang)} key={lang}>
      <Story />
    </I18nextProvider>
  );
};

// The app sets --vh at boot; stories get the same variable.
const setVh = () => document.documentElement.style.setProperty('--vh', `${window.innerHeight * 0.01}px`);
setVh();
window.addEventListener('resize', setVh);

const LANGUAGE_TITLES: Record<Language, string> = { en: 'English', cn: '简体中文', zh: '繁體中文' };

const preview: Preview = {
  decorators: [withI18n],
  globalTypes: {
    locale: {
      description: 'Interface language',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: LANGUAGES.map((value) => ({ value, title: LANGUAGE_TITLES[value] })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'en' },
  parameters: {
    layout: 'fullscreen',
    viewport: {
      options: {
        phone: { name: 'Phone (390 × 844)', styles: { width: '390px', height: '844px' }, type: 'mobile' },
        tablet: { name: 'Tablet (834 × 1112)', styles: { width: '834px', height: '1112px' }, type: 'tablet' },
        desktop: { name: 'Desktop (1280 × 800)', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
      },
    },
  },
};

export default preview;
