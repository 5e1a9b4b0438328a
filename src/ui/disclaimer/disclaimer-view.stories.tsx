import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { fn } from 'storybook/test';
import { languageHeaderValue, type Language } from '../../config/constants';
import { DisclaimerView } from './disclaimer-view';

/** The page follows the stored language, whatever the interface language. */
function Disclaimer({ stored }: { stored: Language | null }) {
  const { i18n } = useTranslation();
  return (
    <DisclaimerView
      productTitle="Agent Academy"
      text={stored ? { t: i18n.getFixedT(stored), htmlLang: languageHeaderValue(stored) } : null}
      onNavigate={fn()}
    />
  );
}

const meta = {
  title: 'Pages/Disclaimer',
  component: Disclaimer,
  args: { stored: 'en' },
} satisfies Meta<typeof Disclaimer>;
export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {};
export const SimplifiedChinese: Story = { args: { stored: 'cn' } };
export const TraditionalChinese: Story = { args: { stored: 'zh' } };
export const UnknownLanguage: Story = { args: { stored: null } };
