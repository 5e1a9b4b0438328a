import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { fn } from 'storybook/test';
import { certificates, emptyHistory, firstCertificatePage, learner, mockStats, noCertificates, profileViewAt, shown, yearHistory, someAchievements, noAchievements, allAchievements } from '../../machines/profile/profile.fixtures';
import { ProfileView } from './profile-view';
import { machineDiagramStory } from '../testing/machine-diagram';

// DESIGN §4: every visible state of the profile page, its props built from the machine's state through the selectors.
const meta = {
  title: 'Pages/Profile',
  component: ProfileView,
  decorators: [
    (Story) => (
      <MemoryRouter>
        <Story />
      </MemoryRouter>
    ),
  ],
  args: { view: profileViewAt(shown), user: learner, onPeriod: fn(), onRetry: fn(), onPicture: fn(), onMoreCertificates: fn() },
} satisfies Meta<typeof ProfileView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const Loading: Story = { args: { view: profileViewAt('loading', { data: null }) } };
export const PeriodLoading: Story = { args: { view: profileViewAt({ ready: { history: 'reloading', picture: 'idle' } }, { period: { from: '2026-01-01', to: '2026-06-30' } }) } };
export const PeriodFailed: Story = { args: { view: profileViewAt(shown, { periodFailed: true }) } };
export const NothingYet: Story = { args: { view: profileViewAt(shown, { data: { history: emptyHistory, stats: { average_score: 0, passed_attempts: 0, total_attempts: 0 }, certificates: noCertificates, achievements: noAchievements } }) } };
export const MockExamsOff: Story = { args: { view: profileViewAt(shown, { mockExams: false, data: { history: emptyHistory, stats: null, certificates: noCertificates, achievements: someAchievements } }) } };
export const SendingPicture: Story = { args: { view: profileViewAt({ ready: { history: 'idle', picture: 'uploading' } }, { uploading: 'icon' }) } };
export const PictureSaved: Story = { args: { view: profileViewAt(shown, { uploaded: 'cover' }) } };
export const PictureRefused: Story = { args: { view: profileViewAt(shown, { uploadFailed: 'icon', uploadError: 'Choose a PNG, JPEG or WebP picture.' }) } };
export const MoreCertificates: Story = { args: { view: profileViewAt(shown, { data: { history: yearHistory, stats: mockStats, certificates: firstCertificatePage, achievements: someAchievements } }) } };
export const LoadingMoreCertificates: Story = {
  args: { view: profileViewAt({ ready: { history: 'idle', picture: 'idle', certificates: 'loading' } }, { data: { history: yearHistory, stats: mockStats, certificates: firstCertificatePage, achievements: someAchievements } }) },
};
export const MoreCertificatesFailed: Story = {
  args: { view: profileViewAt(shown, { certificatesFailed: true, certificatesError: null, data: { history: yearHistory, stats: mockStats, certificates: firstCertificatePage, achievements: someAchievements } }) },
};
export const EveryAchievement: Story = { args: { view: profileViewAt(shown, { data: { history: yearHistory, stats: mockStats, certificates, achievements: allAchievements } }) } };
export const QuarterPicked: Story = {
  args: {
    view: profileViewAt(shown, {
      period: { from: '2026-07-01', to: '2026-09-30' },
      data: { history: { ...yearHistory, from: '2026-07-01', to: '2026-09-30', months: yearHistory.months!.slice(0, 3) }, stats: mockStats, certificates, achievements: someAchievements },
    }),
  },
};
export const Failed: Story = { args: { view: profileViewAt('failed', { data: null }) } };
export const LoadedTraditionalChinese: Story = { globals: { locale: 'zh' } };
export const LoadedSimplifiedChinese: Story = { globals: { locale: 'cn' } };
export const LoadedPhone: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };

// The machine behind these stories (docs/machines/, generated from its definition).
export const ProfileDiagram = machineDiagramStory('profile');
