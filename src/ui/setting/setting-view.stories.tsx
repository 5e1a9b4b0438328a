import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { SettingView } from './setting-view';

const meta = {
  title: 'Pages/Setting',
  component: SettingView,
  args: { language: 'en', showLanguageSelect: true, onLanguageChange: fn(), onNavigate: fn(), onLogout: fn() },
} satisfies Meta<typeof SettingView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const LanguageChangeOff: Story = { args: { showLanguageSelect: false } };
