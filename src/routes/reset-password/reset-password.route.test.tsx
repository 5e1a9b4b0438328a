import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, tokenFor } from '../../api/test-helpers';
import { clearToken, setToken } from '../../platform/storage/token-storage';
import { fakeApi, noContent } from '../testing/network';
import { renderApp } from '../testing/render-app';

const invalidLink = 'This password reset link is invalid, has expired or has already been used. Please request a new one.';

async function fill(next: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset password' }));
  return user;
}

beforeEach(() => {
  setToken(tokenFor('0'));
  clearToken();
});
afterEach(() => vi.unstubAllGlobals());

describe('reset password page', () => {
  it("sets the new password with the link's token and links to sign in", async () => {
    const net = fakeApi({ 'POST /api/auth/reset_password': noContent });
    const { router } = renderApp('/reset-password?token=abc_DEF-123');
    await waitFor(() => expect(document.title).toBe('Reset Password -- Agent Academy'));
    const user = await fill('Fresh2026x', 'Fresh2026x');
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been reset.');
    expect(JSON.parse(net.lastBody() ?? '{}')).toEqual({ token: 'abc_DEF-123', new_password: 'Fresh2026x', confirm_password: 'Fresh2026x' });
    await user.click(screen.getByRole('link', { name: 'Go to sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("applies the spec's rules and 'New passwords don't match' before sending", async () => {
    const net = fakeApi({});
    renderApp('/reset-password?token=abc');
    const user = await fill('short', 'other');
    expect(await screen.findByText('The password must be 8 to 12 characters long.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Fresh2026x');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText("New passwords don't match")).toBeInTheDocument();
    expect(net.fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message for a used or expired link, with a way to ask for a new one", async () => {
    fakeApi({ 'POST /api/auth/reset_password': () => json({ status_code: 400, message: invalidLink }, 400) });
    const { router } = renderApp('/reset-password?token=used');
    const user = await fill('Fresh2026x', 'Fresh2026x');
    expect(await screen.findByRole('alert')).toHaveTextContent(invalidLink);
    await user.click(screen.getByRole('link', { name: 'Request a new reset email' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });

  it('says so when the link lost its token', async () => {
    fakeApi({});
    renderApp('/reset-password', { lang: 'zh' });
    expect(await screen.findByRole('alert')).toHaveTextContent('此重設連結不完整');
    expect(screen.queryByLabelText('新密碼')).toBeNull();
  });
});
