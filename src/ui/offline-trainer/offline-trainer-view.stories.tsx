import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { OfflineTrainerView } from './offline-trainer-view';

/** The trainer's screen of a classroom session: both codes, large. */
const meta = {
  title: 'Pages/Offline/Trainer screen',
  component: OfflineTrainerView,
  args: {
    view: {
      status: 'shown',
      codes: {
        session_id: '41',
        session_title: 'Briefing',
        course_id: '5',
        course_title: 'MPF Product Briefing',
        venue: 'Training Room 12A, Central Office',
        starts_at: '2026-11-25T09:30:00.000Z',
        ends_at: '2026-11-25T11:30:00.000Z',
        window_opens_at: '2026-11-25T09:00:00.000Z',
        window_closes_at: '2026-11-25T12:00:00.000Z',
        check_in_code: 'MPF482',
        check_out_code: 'OUT913',
      },
      checkInLink: 'http://127.0.0.1:8080/offline/5/check-in/41/MPF482',
      checkOutLink: 'http://127.0.0.1:8080/offline/5/check-out/41/OUT913',
    },
    onRetry: fn(),
  },
} satisfies Meta<typeof OfflineTrainerView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Codes: Story = {};
export const Loading: Story = { args: { view: { status: 'loading' } } };
export const Refused: Story = { args: { view: { status: 'failed', message: 'You do not have permission to view this.' } } };
