import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, text } from '../../api/test-helpers';
import { fakeApi } from '../testing/network';
import { renderApp } from '../testing/render-app';

afterEach(() => vi.unstubAllGlobals());

async function fill(agent: string, email: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Agent code'), agent);
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send reset email' }));
}

describe('forgot password page', () => {
  it("sends the agent code and email and shows the server's text", async () => {
    const net = fakeApi({ 'POST /api/auth/forget_password': () => text('If the agent code and email match, a reset email has been sent.') });
    renderApp('/forgot-password');
    await fill('agent02', 'agent02@agent-academy.test');
    expect(await screen.findByRole('status')).toHaveTextContent('If the agent code and email match, a reset email has been sent.');
    expect(JSON.parse(net.lastBody() ?? '{}')).toEqual({ external_id: 'agent02', email: 'agent02@agent-academy.test' });
    await waitFor(() => expect(document.title).toBe('Forgot Password -- Agent Academy'));
  });

  it("checks the email ('Please enter a valid email address.') before sending", async () => {
    const net = fakeApi({});
    renderApp('/forgot-password');
    await fill('agent02', 'not-an-email');
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(net.fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's error", async () => {
    fakeApi({ 'POST /api/auth/forget_password': () => json({ status_code: 429, message: 'Too many requests. Please try again later.' }, 429) });
    renderApp('/forgot-password');
    await fill('agent02', 'agent02@agent-academy.test');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');
  });
});
