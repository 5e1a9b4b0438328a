import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { agent01, json, tokenFor } from '../../api/test-helpers';
import { clearToken, setToken } from '../../platform/storage/token-storage';
import { demoAppConfig, specDefaultAppConfig } from '../../config/app-config.defaults';
import { fakeApi } from '../testing/network';
import { renderApp } from '../testing/render-app';
import { shouldOfferApp } from './app-download';
import { documentTitle } from './document-title';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

describe('document title (SPEC §1)', () => {
  it("is 'title -- product title', or the product title alone when the title part is empty", () => {
    expect(documentTitle('Settings', 'Agent Academy')).toBe('Settings -- Agent Academy');
    expect(documentTitle('', 'Agent Academy')).toBe('Agent Academy');
  });
});

describe('document title in the interface language (issue 43)', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('names the page and the product in Chinese when the interface is Chinese', async () => {
    setToken(tokenFor('1'));
    fakeApi({ 'GET /api/users/current': () => json(agent01), 'GET /api/notifications': () => json({ data: [], page: 1, per_page: 10, total: 0 }) });
    renderApp('/notification', { lang: 'zh' });
    await waitFor(() => expect(document.title).toBe('通知 -- 代理人學院'));
  });
});

describe('app-download rule (SPEC §9)', () => {
  const cfg = demoAppConfig.downloadApp;
  it('applies only when enabled and only on a listed platform', () => {
    expect(shouldOfferApp(cfg, 'ios')).toBe(true);
    expect(shouldOfferApp(cfg, 'android')).toBe(false);
    expect(shouldOfferApp(cfg, null)).toBe(false);
    expect(shouldOfferApp({ ...cfg, enabled: false }, 'ios')).toBe(false);
    expect(shouldOfferApp({ ...cfg, blockplatform: ['ios', 'android'] }, 'android')).toBe(true);
  });
});

describe('app-download dialog in the app', () => {
  beforeEach(() => {
    setToken(tokenFor('0'));
    clearToken();
    setToken(tokenFor('1'));
    fakeApi({ 'GET /api/users/current': () => json(agent01) });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('opens on an iPhone once signed in, cannot be dismissed with the spec configuration, and says when there is no app', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    const config = { ...demoAppConfig, downloadApp: specDefaultAppConfig.downloadApp };
    renderApp('/main', { config });
    const dialog = await screen.findByTestId('app-download-dialog');
    expect(dialog).toBeVisible();
    expect(dialog).toHaveTextContent('No app is available for your device yet.');
    await userEvent.keyboard('{Escape}');
    expect(screen.getByTestId('app-download-dialog')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'OK' })).toBeNull();
  });

  it('in the demo (no app exists) says so with an OK button that lets the user in', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    renderApp('/main', { config: demoAppConfig });
    const dialog = await screen.findByTestId('app-download-dialog');
    expect(dialog).toHaveTextContent('No app is available for your device yet.');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByTestId('app-download-dialog')).toBeNull();
    expect((await screen.findAllByTestId('home-tile')).length).toBeGreaterThan(0);
  });

  // Issue 43 item 20: closed once, it stays closed on the next full page load of the same session.
  it('once closed on an iPhone, does not come back at the next full page load of the session', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    const first = renderApp('/main', { config: demoAppConfig });
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect(screen.queryByTestId('app-download-dialog')).toBeNull();
    first.unmount();
    // A full page load: a new app on the same session storage.
    renderApp('/main', { config: demoAppConfig });
    expect((await screen.findAllByTestId('home-tile')).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('app-download-dialog')).toBeNull();
    // A new browser session shows it again.
    sessionStorage.removeItem('app_download_seen');
    renderApp('/main', { config: demoAppConfig });
    expect(await screen.findByTestId('app-download-dialog')).toBeVisible();
  });

  it('offers the link and an OK button when configured so', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    const config = { ...demoAppConfig, downloadApp: { ...demoAppConfig.downloadApp, closable: true, link: 'https://apps.example/agent-academy' } };
    renderApp('/main', { config });
    await screen.findByTestId('app-download-dialog');
    expect(screen.getByRole('link', { name: /download/i })).toHaveAttribute('href', 'https://apps.example/agent-academy');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByTestId('app-download-dialog')).toBeNull();
  });

  it('stays closed on a desktop browser, and before sign-in', async () => {
    renderApp('/main');
    await screen.findAllByTestId('home-tile');
    expect(screen.queryByTestId('app-download-dialog')).toBeNull();
    clearToken();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    renderApp('/login');
    await screen.findAllByRole('button', { name: 'Sign in' });
    expect(screen.queryByTestId('app-download-dialog')).toBeNull();
  });
});
