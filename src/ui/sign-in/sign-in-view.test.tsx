import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithI18n } from '../testing/render-with-i18n';
import { SignInView, type SignInViewProps } from './sign-in-view';

function props(overrides: Partial<SignInViewProps> = {}): SignInViewProps {
  return {
    productTitle: 'Agent Academy',
    busy: false,
    failure: null,
    language: 'en',
    showLanguageSelect: true,
    showForgotPassword: true,
    onSubmit: vi.fn(),
    onEdit: vi.fn(),
    onLanguageChange: vi.fn(),
    onNavigate: vi.fn(),
    ...overrides,
  };
}

describe('login view', () => {
  it('labels its fields visibly and submits the trimmed agent code with the password', async () => {
    const p = props();
    renderWithI18n(<SignInView {...p} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Agent code'), '  agent01 ');
    await user.type(screen.getByLabelText('Password'), 'Learner2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(p.onSubmit).toHaveBeenCalledWith({ external_id: 'agent01', password: 'Learner2026' });
    expect(p.onEdit).toHaveBeenCalled();
  });

  it('checks nothing before the first submit, then focuses the first invalid field and checks again on every change (ADR 089)', async () => {
    const p = props();
    renderWithI18n(<SignInView {...p} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByText('Please enter your agent code.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Please enter your agent code.')).toBeInTheDocument();
    expect(screen.getByLabelText('Agent code')).toHaveFocus();
    expect(p.onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Agent code'), 'a');
    expect(screen.queryByText('Please enter your agent code.')).toBeNull();
    await user.clear(screen.getByLabelText('Agent code'));
    expect(screen.getByText('Please enter your agent code.')).toBeInTheDocument();
  });

  it('shows a busy, disabled button while submitting', () => {
    renderWithI18n(<SignInView {...props({ busy: true })} />);
    const button = screen.getByRole('button', { name: 'Signing in...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it("shows the server's message, or its own generic text, in an alert", () => {
    const { unmount } = renderWithI18n(<SignInView {...props({ failure: { kind: 'server', message: 'Agent code or password is incorrect.' } })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Agent code or password is incorrect.');
    unmount();
    renderWithI18n(<SignInView {...props({ failure: { kind: 'generic' } })} />, 'zh');
    expect(screen.getByRole('alert')).toHaveTextContent('登入失敗');
  });

  it('offers en, cn and zh and reports a change', async () => {
    const p = props();
    renderWithI18n(<SignInView {...p} />);
    const select = screen.getByTestId('language-select');
    expect([...select.querySelectorAll('option')].map((o) => o.value)).toEqual(['en', 'cn', 'zh']);
    await userEvent.selectOptions(select, 'cn');
    expect(p.onLanguageChange).toHaveBeenCalledWith('cn');
  });

  it('hides the language select and the forgot-password link when the login configuration says so', () => {
    renderWithI18n(<SignInView {...props({ showLanguageSelect: false, showForgotPassword: false })} />);
    expect(screen.queryByTestId('language-select')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Disclaimer' })).toHaveAttribute('href', '/disclaimer');
  });
});
