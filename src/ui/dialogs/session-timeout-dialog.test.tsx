import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { clickBackdrop, renderWithI18n } from '../testing/render';
import { sessionAlertText } from './session-alert';
import { SessionTimeoutDialog, type SessionTimeoutDialogProps } from './session-timeout-dialog';

function props(over: Partial<SessionTimeoutDialogProps> = {}): SessionTimeoutDialogProps {
  return { open: true, secondsLeft: 8, busy: false, onContinue: vi.fn(), onLeave: vi.fn(), ...over };
}

describe('SessionTimeoutDialog (SPEC §2)', () => {
  it('shows the translated title, the prompt and the seconds left, announced as they change', () => {
    const { rerender, i18n } = renderWithI18n(<SessionTimeoutDialog {...props()} />);
    const dialog = screen.getByRole('dialog', { name: 'Timeout' });
    expect(dialog).toHaveAccessibleDescription('You have been inactive for a while. Do you want to continue your session?');
    const count = within(dialog).getByText('8 seconds left');
    expect(count).toHaveAttribute('aria-live', 'polite');
    rerender(
      <I18nextProvider i18n={i18n}>
        <SessionTimeoutDialog {...props({ secondsLeft: 1 })} />
      </I18nextProvider>,
    );
    expect(within(dialog).getByText('1 second left')).toBeInTheDocument();
  });

  it.each([
    ['cn', '超时', '剩余 8 秒', '继续', '离开'],
    ['zh', '超時', '剩餘 8 秒', '繼續', '離開'],
  ] as const)('speaks %s', (lang, title, count, cont, leave) => {
    renderWithI18n(<SessionTimeoutDialog {...props()} />, lang);
    const dialog = screen.getByRole('dialog', { name: title });
    expect(within(dialog).getByText(count)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: cont })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: leave })).toBeInTheDocument();
  });

  it('calls back on Continue and Leave', async () => {
    const p = props();
    renderWithI18n(<SessionTimeoutDialog {...p} />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(p.onContinue).toHaveBeenCalledOnce();
    expect(p.onLeave).toHaveBeenCalledOnce();
  });

  it('cannot be dismissed by Escape or a backdrop click', async () => {
    const p = props();
    renderWithI18n(<SessionTimeoutDialog {...p} />);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    clickBackdrop();
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.getByRole('dialog', { name: 'Timeout' })).toBeInTheDocument();
    expect(p.onLeave).not.toHaveBeenCalled();
  });

  it('while Continue renews the session, both buttons wait', () => {
    renderWithI18n(<SessionTimeoutDialog {...props({ busy: true })} />);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Leave' })).toBeDisabled();
  });

  it('is not shown when closed', () => {
    renderWithI18n(<SessionTimeoutDialog {...props({ open: false })} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('session alert text (SPEC §8)', () => {
  const t = (key: string) => `t(${key})`;
  it('is the translated session_expired, JWT Token Expired, or the server message', () => {
    expect(sessionAlertText({ kind: 'session_expired' }, t)).toBe('t(common:session_expired)');
    expect(sessionAlertText({ kind: 'token_expired' }, t)).toBe('t(session:token_expired)');
    expect(sessionAlertText({ kind: 'server', message: 'The device has been expired' }, t)).toBe('The device has been expired');
  });
});
