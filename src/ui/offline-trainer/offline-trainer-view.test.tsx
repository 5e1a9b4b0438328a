import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithI18n } from '../testing/render-with-i18n';
import { OfflineTrainerView, type OfflineTrainerViewModel } from './offline-trainer-view';

// Issue 43: the trainer's screen shows both codes with their QR codes and "New codes"; a failed load
// shows the API layer's connection message with a retry.

const shown: Extract<OfflineTrainerViewModel, { status: 'shown' }> = {
  status: 'shown',
  codes: {
    session_id: '1',
    session_title: 'Briefing',
    course_id: '2',
    course_title: 'MPF Product Briefing',
    venue: 'Room 12A',
    starts_at: '2026-12-01T09:30:00.000Z',
    ends_at: '2026-12-01T11:30:00.000Z',
    window_opens_at: '2026-12-01T09:00:00.000Z',
    window_closes_at: '2026-12-01T12:00:00.000Z',
    check_in_code: '7KQ2MX',
    check_out_code: 'D4W9TB',
    changes_in_ms: 30_000,
  },
  checkInLink: 'http://x/offline/2/check-in/1/7KQ2MX',
  checkOutLink: 'http://x/offline/2/check-out/1/D4W9TB',
  checkInQr: '<svg xmlns="http://www.w3.org/2000/svg"/>',
  checkOutQr: null,
  rotating: false,
  problem: null,
};

describe('trainer screen', () => {
  it('shows both codes, the QR code of the check-in link, and rotates on "New codes"', async () => {
    const onRotate = vi.fn();
    renderWithI18n(<OfflineTrainerView view={shown} onRetry={() => {}} onRotate={onRotate} />);
    expect(screen.getByTestId('trainer-check-in-code')).toHaveTextContent('7KQ2MX');
    expect(screen.getByTestId('trainer-check-out-code')).toHaveTextContent('D4W9TB');
    expect(screen.getByRole('img', { name: 'QR code: Check-in code link for learners' })).toHaveAttribute('src', expect.stringContaining('data:image/svg+xml'));
    await userEvent.click(screen.getByRole('button', { name: 'New codes' }));
    expect(onRotate).toHaveBeenCalledOnce();
  });

  it('keeps the codes and shows a failed refresh; "New codes" waits while rotating', () => {
    renderWithI18n(<OfflineTrainerView view={{ ...shown, rotating: true, problem: 'Cannot reach the server.' }} onRetry={() => {}} onRotate={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot reach the server.');
    expect(screen.getByTestId('trainer-check-in-code')).toHaveTextContent('7KQ2MX');
    expect(screen.getByRole('button', { name: 'New codes' })).toBeDisabled();
  });

  it('a failed load says what the API layer said (the connection), with a retry', async () => {
    const onRetry = vi.fn();
    const message = 'Cannot reach the server. Please check your connection and try again.';
    renderWithI18n(<OfflineTrainerView view={{ status: 'failed', message }} onRetry={onRetry} onRotate={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
