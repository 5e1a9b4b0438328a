import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { bottomLinks, courseNavItems, sideLinks } from '../../config/navigation';
import { AppLayout } from './app-layout';

const allOn = { learningMap: true, mockExam: true };
const phone = { viewport: { value: 'phone', isRotated: false } };
const tablet = { viewport: { value: 'tablet', isRotated: false } };
const desktop = { viewport: { value: 'desktop', isRotated: false } };

function nav(isManager: boolean, features = allOn, offlineEnabled = true) {
  return {
    sideLinks: sideLinks({ isManager, features }),
    bottomLinks: bottomLinks({ isManager }),
    courseNavItems: courseNavItems({ offlineEnabled, ...features }),
  };
}

const learner = { user: { name: 'Chan Tai Man', iconUrl: '/assets/placeholder-profile.svg' }, ...nav(false) };
const manager = { user: { name: 'Cheung Wai Kit', iconUrl: '/assets/placeholder-profile.svg' }, ...nav(true) };

function PageBody() {
  return (
    <section>
      <h1>Page content</h1>
      <p>The routed page renders here, inside the layout&apos;s main landmark.</p>
      <p>學習內容 · 学习内容 · Learning content</p>
    </section>
  );
}

const meta = {
  title: 'Layout/AppLayout',
  component: AppLayout,
  args: {
    ...learner,
    unreadCount: 0,
    currentPath: '/main',
    pageTitle: '',
    sideNavEnabled: true,
    showBackButton: false,
    showCourseNav: true,
    onBack: fn(),
    onNavigate: fn(),
    onActivity: fn(),
    children: <PageBody />,
  },
} satisfies Meta<typeof AppLayout>;
export default meta;
type Story = StoryObj<typeof meta>;

export const DesktopLearner: Story = { globals: desktop };
export const DesktopLearnerUnread: Story = { globals: desktop, args: { unreadCount: 3 } };
export const DesktopManager: Story = { globals: desktop, args: { ...manager } };
export const DesktopManagerUnread: Story = { globals: desktop, args: { ...manager, unreadCount: 12 } };

export const MobileLearner: Story = { globals: phone };
export const MobileLearnerUnread: Story = { globals: phone, args: { unreadCount: 3 } };
export const MobileManager: Story = { globals: phone, args: { ...manager } };
export const MobileManagerUnread: Story = { globals: phone, args: { ...manager, unreadCount: 5 } };
export const MobileInnerPageWithRightAction: Story = {
  globals: phone,
  args: {
    currentPath: '/courses/all',
    pageTitle: 'All courses',
    showBackButton: true,
    showCourseNav: false,
    mobileRightAction: <button type="button">Filter</button>,
  },
};

/** 768–991 px: desktop header, side navigation as a drawer behind the menu button. */
export const Tablet: Story = { globals: tablet, args: { unreadCount: 2 } };
/** Side nav disabled in the app config: a drawer even on wide screens. */
export const SideNavDisabled: Story = { globals: desktop, args: { sideNavEnabled: false } };
/** A page that is not a side link: back button instead of the course bar. */
export const InnerPageBackButton: Story = {
  globals: desktop,
  args: { currentPath: '/courses/all', pageTitle: 'All courses', showBackButton: true, showCourseNav: false },
};
/** Setting pages hide the course bar. */
export const SettingPage: Story = {
  globals: desktop,
  args: { currentPath: '/setting', pageTitle: 'Settings', showBackButton: false, showCourseNav: false },
};
/** Offline courses disabled (greyed item), learning map and mock exam features off. */
export const FeaturesOff: Story = {
  globals: desktop,
  args: { ...nav(false, { learningMap: false, mockExam: false }, false) },
};
export const Loading: Story = { globals: desktop, args: { user: null, loading: true, loadingText: 'Loading...' } };
