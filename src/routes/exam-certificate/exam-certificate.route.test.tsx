import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { agent01, json, tokenFor } from '../../api/test-helpers';
import { sampleCertificate } from '../../machines/exam-certificate/exam-certificate.fixtures';
import { clearToken, setToken } from '../../platform/storage/token-storage';
import { fakeApi, type Handler } from '../testing/network';
import { renderApp } from '../testing/render-app';

const PAGE = '/course/2/quiz/7/attempts/42/certificate';
const api = (routes: Record<string, Handler>) => fakeApi({ 'GET /api/users/current': () => json(agent01), ...routes });

beforeEach(() => {
  setToken(tokenFor('0'));
  clearToken();
  setToken(tokenFor('1'));
});
afterEach(() => vi.unstubAllGlobals());

describe('exam certificate page', () => {
  it('loads the attempt’s certificate and shows it; Print prints', async () => {
    const net = api({ 'GET /api/quiz_attempts/42/certificate': () => json(sampleCertificate) });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificate of Completion' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Certificate -- Agent Academy'));
    expect(screen.getByTestId('exam-certificate-number')).toHaveTextContent('AA-2026-000042');
    expect(net.requests.filter((r) => new URL(r.url).pathname === '/api/quiz_attempts/42/certificate')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('an attempt that was not passed: the server’s translated reason', async () => {
    api({
      'GET /api/quiz_attempts/42/certificate': () =>
        json({ status_code: 409, message: 'This attempt was not passed: a certificate is given only for a passed examination.', code: 'CertificateUnavailable' }, 409),
    });
    renderApp(PAGE);
    expect(await screen.findByRole('alert')).toHaveTextContent('This attempt was not passed');
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
  });

  it('an attempt that is not the learner’s (404): the not-found page', async () => {
    api({ 'GET /api/quiz_attempts/42/certificate': () => json({ status_code: 404, message: 'This attempt does not exist.' }, 404) });
    const { router } = renderApp(PAGE);
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-found'));
  });

  it('a failed call: Try again loads it again', async () => {
    let fail = true;
    api({ 'GET /api/quiz_attempts/42/certificate': () => (fail ? json({ status_code: 503, message: 'later' }, 503) : json(sampleCertificate)) });
    renderApp(PAGE);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('exam-certificate')).toBeInTheDocument();
  });
});
