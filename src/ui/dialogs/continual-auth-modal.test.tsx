import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { clickBackdrop, renderWithI18n } from '../testing/render';
import { ContinualAuthModal, type ContinualAuthModalProps } from './continual-auth-modal';

function props(over: Partial<ContinualAuthModalProps> = {}): ContinualAuthModalProps {
  return { open: true, type: 'password', cancellable: false, loading: false, failure: null, onSubmit: vi.fn(), onCancel: vi.fn(), ...over };
}

describe('ContinualAuthModal (SPEC §2)', () => {
  it('password variant: title, placeholder, confirm disabled while the field is empty', async () => {
    const p = props();
    renderWithI18n(<ContinualAuthModal {...p} />);
    const dialog = screen.getByRole('dialog', { name: 'Enter password' });
    const field = within(dialog).getByPlaceholderText('Password');
    expect(field).toHaveAttribute('type', 'password');
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    await userEvent.type(field, 'Learner2026');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    expect(p.onSubmit).toHaveBeenCalledWith('Learner2026');
    // Not cancellable: no cancel button.
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('authenticator variant: title, placeholder, the code is required', async () => {
    const p = props({ type: 'authenticator' });
    renderWithI18n(<ContinualAuthModal {...p} />);
    const dialog = screen.getByRole('dialog', { name: 'Enter 6 digit code' });
    const field = within(dialog).getByPlaceholderText('6 digit code');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter the 6-digit code.');
    expect(p.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(field, '123 456');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await userEvent.keyboard('{Enter}');
    expect(p.onSubmit).toHaveBeenCalledWith('123456');
  });

  it('cancel shows only when cancelling is allowed', async () => {
    const p = props({ cancellable: true });
    renderWithI18n(<ContinualAuthModal {...p} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(p.onCancel).toHaveBeenCalledOnce();
  });

  it('shows a loader while the check is pending, and nothing can be pressed', () => {
    renderWithI18n(<ContinualAuthModal {...props({ loading: true, cancellable: true })} />);
    expect(screen.getByRole('status')).toHaveTextContent('Checking...');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it("shows the server's message under the field, or a generic one", () => {
    const { unmount } = renderWithI18n(<ContinualAuthModal {...props({ failure: { kind: 'server', message: 'Agent code or password is incorrect.' } })} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Agent code or password is incorrect.');
    expect(alert).toHaveClass('form-field__error');
    expect(screen.getByPlaceholderText('Password')).toHaveAttribute('aria-invalid', 'true');
    unmount();
    renderWithI18n(<ContinualAuthModal {...props({ failure: { kind: 'generic' } })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The check could not be completed. Please try again.');
  });

  it('is not dismissed by Escape or a backdrop click, even when it may be cancelled', async () => {
    const p = props({ cancellable: true });
    renderWithI18n(<ContinualAuthModal {...p} />);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    clickBackdrop();
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(p.onCancel).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Enter password' })).toBeInTheDocument();
  });

  it.each([
    ['cn', '输入密码', '输入6位数字验证码', '确认'],
    ['zh', '輸入密碼', '輸入6位數字驗證碼', '確認'],
  ] as const)('speaks %s', (lang, passwordTitle, codeTitle, confirm) => {
    const { unmount } = renderWithI18n(<ContinualAuthModal {...props()} />, lang);
    expect(screen.getByRole('dialog', { name: passwordTitle })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: confirm })).toBeInTheDocument();
    unmount();
    renderWithI18n(<ContinualAuthModal {...props({ type: 'authenticator' })} />, lang);
    expect(screen.getByRole('dialog', { name: codeTitle })).toBeInTheDocument();
  });

  it('is not shown when closed, and a new opening starts empty', async () => {
    const { rerender, i18n } = renderWithI18n(<ContinualAuthModal {...props()} />);
    await userEvent.type(screen.getByPlaceholderText('Password'), 'secret');
    const { I18nextProvider } = await import('react-i18next');
    rerender(
      <I18nextProvider i18n={i18n}>
        <ContinualAuthModal {...props({ open: false })} />
      </I18nextProvider>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(
      <I18nextProvider i18n={i18n}>
        <ContinualAuthModal {...props()} />
      </I18nextProvider>,
    );
    expect(screen.getByPlaceholderText('Password')).toHaveValue('');
  });
});
