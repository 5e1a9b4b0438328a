import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { AppProviders, useAppConfig, useCurrentUser } from './app-context';
import { markPasswordReset } from '../api/current-user';
import { clearToken, setToken } from '../platform/storage/token-storage';
import { agent01, json, stubFetch, tokenFor } from '../api/test-helpers';
import { createI18n } from '../i18n/testing';
import { demoAppConfig } from '../config/app-config.defaults';

beforeEach(() => {
  setToken(tokenFor('0'));
  clearToken();
});
afterEach(() => vi.unstubAllGlobals());

function Probe() {
  const config = useAppConfig();
  const { t } = useTranslation();
  const { user, loading } = useCurrentUser();
  return (
    <p>
      {config.productTitle} | {t('cancel')} | {loading ? 'loading' : (user?.name ?? 'nobody')} |{' '}
      {String(user?.password_reset)}
    </p>
  );
}

describe('AppProviders', () => {
  it('provides the configuration and the i18n instance', () => {
    render(
      <AppProviders config={{ ...demoAppConfig, productTitle: 'Academy X' }} i18n={createI18n('zh')}>
        <Probe />
      </AppProviders>,
    );
    expect(screen.getByText(/Academy X \| 取消 \| nobody/)).toBeInTheDocument();
  });

  it('useAppConfig outside the providers fails loudly', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useAppConfig())).toThrow(/AppProviders/);
  });
});

describe('useCurrentUser', () => {
  it('reports loading from the first render, then the user, and follows local changes', async () => {
    setToken(tokenFor('1'));
    const net = stubFetch(() => json({ ...agent01, password_reset: false }));
    render(
      <AppProviders config={demoAppConfig} i18n={createI18n('en')}>
        <Probe />
      </AppProviders>,
    );
    expect(screen.getByText(/\| loading \|/)).toBeInTheDocument();
    expect(await screen.findByText(/Chan Tai Man \| false/)).toBeInTheDocument();
    act(() => markPasswordReset());
    expect(screen.getByText(/Chan Tai Man \| true/)).toBeInTheDocument();
    act(() => clearToken());
    expect(screen.getByText(/nobody/)).toBeInTheDocument();
    expect(net.fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reloads when the token changes', async () => {
    setToken(tokenFor('1'));
    const net = stubFetch(() => json(agent01));
    const { result } = renderHook(() => useCurrentUser());
    await vi.waitFor(() => expect(result.current.user?.name).toBe('Chan Tai Man'));
    stubFetch(() => json({ ...agent01, id: '2', name: 'Wong Siu Ming' }));
    act(() => setToken(tokenFor('2')));
    await vi.waitFor(() => expect(result.current.user?.name).toBe('Wong Siu Ming'));
    expect(net.fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows a failed load as an error without retrying in a loop', async () => {
    setToken(tokenFor('1'));
    const net = stubFetch(() => json({ status_code: 500, message: 'down' }, 500));
    const { result } = renderHook(() => useCurrentUser());
    await vi.waitFor(() => expect(result.current.error).toMatchObject({ message: 'down' }));
    expect(result.current.loading).toBe(false);
    await new Promise((r) => setTimeout(r, 20));
    expect(net.fetchMock).toHaveBeenCalledTimes(1);
  });

  it('without a token: no user, not loading, no call', () => {
    const net = stubFetch(() => json(agent01));
    const { result } = renderHook(() => useCurrentUser());
    expect(result.current).toEqual({ user: null, loading: false, error: null });
    expect(net.fetchMock).not.toHaveBeenCalled();
  });
});
