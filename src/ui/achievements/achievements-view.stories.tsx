import type { Meta, StoryObj } from '@storybook/react-vite';
import { allAchievements, noAchievements, someAchievements } from '../../machines/profile/profile.fixtures';
import { AchievementsView } from './achievements-view';

// Issue 45: the achievements card of the profile in each state it shows (none, some, all earned).
const meta = {
  title: 'Profile/Achievements',
  component: AchievementsView,
  args: { achievements: someAchievements },
} satisfies Meta<typeof AchievementsView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SomeEarned: Story = {};
export const NoneEarned: Story = { args: { achievements: noAchievements } };
export const AllEarned: Story = { args: { achievements: allAchievements } };
export const SomeEarnedTraditionalChinese: Story = { globals: { locale: 'zh' } };
export const SomeEarnedSimplifiedChinese: Story = { globals: { locale: 'cn' } };
