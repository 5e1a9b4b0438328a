import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { agent01, json, text, tokenFor } from '../../api/test-helpers';
import { clearToken, getToken, hasPassedTwoFactor, setToken } from '../../platform/storage/token-storage';
import { demoAppConfig } from '../../config/app-config.defaults';
import { fakeApi, noContent, type Handler } from '../testing/network';
import { renderApp } from '../testing/render-app';

const qrSvg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="1" height="1"/></svg>';
const activation = { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/Agent%20Academy:agent01?secret=JBSWY3DPEHPK3PXP', qr_svg: qrSvg };
const g2fa = tokenFor('1', 600, { g2fa: true });

function server(routes: Record<string, Handler> = {}, info = { enabled: false, pending: false, required: false }) {
  return fakeApi({
    'GET /api/users/current': () => json(agent01),
    'GET /api/auth/2fa/info': () => json(info),
    'POST /api/auth/logout': noContent,
    ...routes,
  });
}

beforeEach(() => {
  setToken(tokenFor('0'));
  clearToken();
  setToken(tokenFor('1'));
});
afterEach(() => vi.unstubAllGlobals());

describe('two-factor setting page', () => {
  it('is linked from /setting', async () => {
    server();
    const { router } = renderApp('/setting');
    await userEvent.click(await screen.findByRole('link', { name: 'Two-factor authentication' }));
    expect(await screen.findByText('Two-factor authentication is off.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/setting/two-factor');
    await waitFor(() => expect(document.title).toBe('Two-Factor Authentication -- Agent Academy'));
  });

  it('activates: password, QR code as an image and the text code, then the first code gives a g2fa token', async () => {
    let activateBody: unknown = null;
    let completeBody: unknown = null;
    server({
      'POST /api/auth/2fa/activate': (_r, body) => {
        activateBody = JSON.parse(body);
        return json(activation);
      },
      'POST /api/auth/2fa/complete': (_r, body) => {
        completeBody = JSON.parse(body);
        return text(g2fa);
      },
    });
    const { session } = renderApp('/setting/two-factor');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Turn on two-factor authentication' }));
    // The agent code is the signed-in user's, shown read-only.
    await waitFor(() => expect(screen.getByLabelText('Agent code')).toHaveValue('agent01'));
    expect(screen.getByLabelText('Agent code')).toHaveAttribute('readonly');
    await user.type(screen.getByLabelText('Password'), 'Learner2026');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const secret = await screen.findByTestId('totp-secret');
    expect(secret.textContent?.replace(/\s/g, '')).toBe('JBSWY3DPEHPK3PXP');
    expect(activateBody).toEqual({ external_id: 'agent01', password: 'Learner2026' });
    const qr = screen.getByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`);
    // Never injected as markup.
    expect(document.querySelector('script')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Next: enter the code' }));
    await user.type(await screen.findByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Two-factor authentication is now on.');
    expect(completeBody).toEqual({ one_time_password: '123456' });
    expect(getToken()).toBe(g2fa);
    expect(hasPassedTwoFactor()).toBe(true);
    // The session adopted the new token (token.refreshed through the storage listener).
    expect(session.actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(screen.queryByTestId('totp-secret')).toBeNull();
  });

  it("shows the server's message for a wrong password and a wrong code", async () => {
    server({
      'POST /api/auth/2fa/activate': (_r, body) =>
        JSON.parse(body).password === 'Learner2026' ? json(activation) : json({ status_code: 400, message: 'The agent code or password is incorrect.' }, 400),
      'POST /api/auth/2fa/complete': () => json({ status_code: 400, message: 'The code is incorrect or has already been used.' }, 400),
    });
    renderApp('/setting/two-factor');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Turn on two-factor authentication' }));
    await user.type(await screen.findByLabelText('Password'), 'Wrong2026x');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The agent code or password is incorrect.');
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Learner2026');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Next: enter the code' }));
    await user.type(await screen.findByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is incorrect or has already been used.');
    // Back to the QR code keeps the secret; cancel forgets it.
    await user.click(screen.getByRole('button', { name: 'Back to the QR code' }));
    expect(await screen.findByTestId('totp-secret')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Two-factor authentication is off.')).toBeInTheDocument();
    expect(screen.queryByTestId('totp-secret')).toBeNull();
  });

  it('deactivates only with the password or a code typed in the dialog; shows the server refusal; then signs out', async () => {
    setToken(g2fa);
    const plain = tokenFor('1');
    let logoutBearer: string | null = null;
    const bodies: unknown[] = [];
    const net = server(
      {
        'DELETE /api/auth/2fa/deactivate': (_r, body) => {
          bodies.push(JSON.parse(body));
          return bodies.length === 1
            ? json({ status_code: 400, message: 'The password or code is incorrect. Two-factor authentication stays on.' }, 400)
            : text(plain);
        },
        'POST /api/auth/logout': (request) => {
          logoutBearer = request.headers.get('Authorization');
          return noContent();
        },
      },
      { enabled: true, pending: false, required: false },
    );
    const { router } = renderApp('/setting/two-factor');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Turn off two-factor authentication' }));
    const dialog = await screen.findByTestId('deactivation-dialog');
    expect(within(dialog).getByText('Turn off two-factor authentication?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('deactivation-dialog')).toBeNull());

    // A confirm click alone is not enough: the field is required.
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor authentication' }));
    const again = await screen.findByTestId('deactivation-dialog');
    await user.click(within(again).getByRole('button', { name: 'Turn off' }));
    expect(await within(again).findByText('Please enter your password or the 6-digit code from your authenticator app.')).toBeInTheDocument();
    expect(net.requests.some((r) => r.method === 'DELETE')).toBe(false);

    // A wrong password: the server's words in the dialog, which stays open.
    const field = within(again).getByLabelText('Password or 6-digit code');
    await user.type(field, 'Wrong2026');
    await user.click(within(again).getByRole('button', { name: 'Turn off' }));
    expect(await within(again).findByRole('alert')).toHaveTextContent('The password or code is incorrect. Two-factor authentication stays on.');
    // Six digits are sent as a code.
    await user.clear(field);
    await user.type(field, '123 456');
    await user.click(within(again).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(bodies).toEqual([{ password: 'Wrong2026' }, { one_time_password: '123456' }]);
    // The logout used the token the deactivation answered, and the session storage is cleared.
    expect(logoutBearer).toBe(`Bearer ${plain}`);
    expect(getToken()).toBeNull();
  });

  it('with two-factor required, a token without it sees only this page, even though the API refuses the user', async () => {
    server(
      {
        'GET /api/users/current': () =>
          json({ status_code: 403, message: 'Please complete two-factor authentication first.', code: 'NotAuthenticated' }, 403),
        'POST /api/auth/2fa/activate': (_r, body) => (JSON.parse(body).external_id === 'agent01' ? json(activation) : json({ status_code: 400, message: 'x' }, 400)),
        'POST /api/auth/2fa/complete': () => text(g2fa),
      },
      { enabled: false, pending: false, required: true },
    );
    const config = { ...demoAppConfig, twoFactorRequired: true };
    const { router } = renderApp('/main', { config });
    expect(await screen.findByText('Two-factor authentication is required. Turn it on to continue.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/setting/two-factor');
    await router.navigate('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/setting/two-factor'));

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));
    // The user could not be loaded: the agent code is typed.
    const agentCode = await screen.findByLabelText('Agent code');
    expect(agentCode).not.toHaveAttribute('readonly');
    await user.type(agentCode, 'agent01');
    await user.type(screen.getByLabelText('Password'), 'Learner2026');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Next: enter the code' }));
    await user.type(await screen.findByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await user.click(await screen.findByRole('link', { name: 'Continue to the home page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main'));
  });
});
