import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { OfflineTrainerView } from './offline-trainer-view';
import { machineDiagramStory } from '../testing/machine-diagram';

// A small QR-like SVG: the real one is drawn by the route (qrcode package).
const qr = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 7 7"><path d="M0 0h3v3H0zM4 0h3v3H4zM0 4h3v3H0zM4 4h1v1H4zM6 6h1v1H6z"/></svg>';
const shown = {
  status: 'shown' as const,
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
    check_in_code: '7KQ2MX',
    check_out_code: 'D4W9TB',
    changes_in_ms: 42_000,
  },
  checkInLink: 'http://127.0.0.1:8080/offline/5/check-in/41/7KQ2MX',
  checkOutLink: 'http://127.0.0.1:8080/offline/5/check-out/41/D4W9TB',
  checkInQr: qr,
  checkOutQr: qr,
  rotating: false,
  problem: null,
};

/** The trainer's screen of a classroom session: both codes, large, with their QR codes and "New codes". */
const meta = {
  title: 'Pages/Offline/Trainer screen',
  component: OfflineTrainerView,
  args: {
    view: shown,
    onRetry: fn(),
    onRotate: fn(),
  },
} satisfies Meta<typeof OfflineTrainerView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Codes: Story = {};
export const Loading: Story = { args: { view: { status: 'loading' } } };
export const Failed: Story = { args: { view: { status: 'failed', message: 'Cannot reach the server. Please check your connection and try again.' } } };
export const Rotating: Story = { args: { view: { ...shown, rotating: true } } };
export const RefreshFailed: Story = { args: { view: { ...shown, problem: 'Cannot reach the server. Please check your connection and try again.' } } };

// The machine behind these stories (docs/machines/, generated from its definition).
export const OfflineTrainerDiagram = machineDiagramStory('offline-trainer');
