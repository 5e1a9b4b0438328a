import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { fn } from 'storybook/test';
import { bottomLinks, courseNavItems, sideLinks } from '../../config/navigation';
import type { SessionAlert } from '../../machines/session/session.machine';
import { sessionAlertText } from '../dialogs/session-alert';
import { sessionAlertFor, timeoutDialogAt } from '../dialogs/session-story-states';
import { SessionTimeoutDialog } from '../dialogs/session-timeout-dialog';
import type { TimeoutDialogView } from '../../machines/idle-timeout/idle-timeout.selectors';
import { AppLayout } from './app-layout';
import { machineDiagramStory } from '../testing/machine-diagram';

const features = { learningMap: true, mockExam: true };

/** Stands in for window.alert, which a story cannot open: same text, drawn where the browser draws it. */
function BrowserAlert({ alert }: { alert: SessionAlert | null }) {
  const { t } = useTranslation();
  return (
    <div role="alertdialog" aria-label={sessionAlertText(alert, t)} style={{ position: 'fixed', top: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 2000, width: 420, maxWidth: '90vw', padding: 20, background: '#fff', border: '1px solid #bbb', borderRadius: 8, boxShadow: '0 8px 24px rgba(0,0,0,.25)' }}>
      <p style={{ margin: '0 0 8px' }}>{sessionAlertText(alert, t)}</p>
      <p style={{ margin: '0 0 12px', fontSize: '.8rem', color: '#666' }}>{t('session:alert_preview')}</p>
      <div style={{ textAlign: 'right' }}>
        <button type="button">{t('common:ok')}</button>
      </div>
    </div>
  );
}

interface SessionScreenProps {
  dialog: TimeoutDialogView;
  alert?: SessionAlert | null;
}

/** The signed-in layout with the session's box or alert over it. */
function SessionScreen({ dialog, alert }: SessionScreenProps) {
  return (
    <>
      <AppLayout
        user={{ name: 'Chan Tai Man', iconUrl: '/assets/placeholder-profile.svg' }}
        unreadCount={3}
        sideLinks={sideLinks({ isManager: false, features })}
        bottomLinks={bottomLinks({ isManager: false })}
        courseNavItems={courseNavItems({ offlineEnabled: true, ...features })}
        currentPath="/main"
        pageTitle=""
        sideNavEnabled
        showBackButton={false}
        showCourseNav
        onBack={fn()}
        onNavigate={fn()}
        onActivity={fn()}
      >
        <section>
          <h1>學習內容 · 学习内容 · Learning content</h1>
        </section>
      </AppLayout>
      <SessionTimeoutDialog {...dialog} onContinue={fn()} onLeave={fn()} />
      {alert !== undefined ? <BrowserAlert alert={alert} /> : null}
    </>
  );
}

const meta = {
  title: 'Layout/DuringASession',
  component: SessionScreen,
  globals: { viewport: { value: 'desktop', isRotated: false } },
  args: { dialog: timeoutDialogAt('watching', 0) },
} satisfies Meta<typeof SessionScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Signed in, the idle timeout watching: nothing over the page. */
export const Watching: Story = {};
export const Counting: Story = { args: { dialog: timeoutDialogAt('prompting', 60) } };
export const LastSeconds: Story = { args: { dialog: timeoutDialogAt('prompting', 3) } };
export const Continuing: Story = { args: { dialog: timeoutDialogAt('continuing', 42) } };
export const CountingOnAPhone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  args: { dialog: timeoutDialogAt('prompting', 8) },
};
/** Rule 6: the token had expired when the box would open (e.g. a tab hidden for long). */
export const ExpiredAlert: Story = { args: { alert: sessionAlertFor({ kind: 'session_expired' }) } };
/** Rule 4: Continue's refresh failed or answered nothing. */
export const TokenExpiredAlert: Story = { args: { alert: sessionAlertFor({ kind: 'token_expired' }) } };
/** SPEC §8: another device signed in as the same user. */
export const DeviceExpiredAlert: Story = { args: { alert: sessionAlertFor({ kind: 'server', message: 'The device has been expired' }) } };

// The machine behind these stories (docs/machines/, generated from its definition).
export const SessionDiagram = machineDiagramStory('session');
