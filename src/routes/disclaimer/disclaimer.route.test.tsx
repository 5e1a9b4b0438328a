import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { demoAppConfig } from '../../config/app-config.defaults';
import { fakeApi } from '../testing/network';
import { renderApp } from '../testing/render-app';
import { disclaimerLanguage } from './disclaimer-language';

const CJK = /[\u4e00-\u9fff]/;
afterEach(() => vi.unstubAllGlobals());

describe('disclaimer language rule', () => {
  it('uses the stored lang when it is en, cn or zh, the app default when none is stored, else none', () => {
    expect(disclaimerLanguage('cn', 'en')).toBe('cn');
    expect(disclaimerLanguage('zh', 'en')).toBe('zh');
    expect(disclaimerLanguage('en', 'zh')).toBe('en');
    expect(disclaimerLanguage(null, 'en')).toBe('en');
    expect(disclaimerLanguage(null, 'zh')).toBe('zh');
    expect(disclaimerLanguage('fr', 'en')).toBeNull();
    expect(disclaimerLanguage('', 'en')).toBeNull();
  });
});

describe('disclaimer page', () => {
  it('shows the English text and the 2018 copyright when no language is stored', async () => {
    fakeApi({});
    renderApp('/disclaimer');
    expect(await screen.findByText(/strictly confidential/)).toHaveTextContent(/training, research or private study only/);
    expect(screen.getByText(/must not be copied, downloaded, disclosed or forwarded/)).toBeInTheDocument();
    expect(screen.getByText(/legal action/)).toBeInTheDocument();
    expect(screen.getByText(/2018/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Disclaimer -- Agent Academy'));
  });

  it.each([
    ['cn', '免责声明', '绝对机密', 'zh-CN'],
    ['zh', '免責聲明', '絕對機密', 'zh-HK'],
  ])('follows the stored lang %s', async (lang, heading, body, htmlLang) => {
    localStorage.setItem('lang', lang);
    fakeApi({});
    renderApp('/disclaimer', { lang: lang as 'cn' | 'zh' });
    const h = await screen.findByRole('heading', { name: heading });
    expect(screen.getByText(new RegExp(body))).toBeInTheDocument();
    expect(screen.getByText(/2018/)).toBeInTheDocument();
    expect(h.closest('[lang]')).toHaveAttribute('lang', htmlLang);
  });

  it("follows the stored lang even when the interface shows another one", async () => {
    localStorage.setItem('lang', 'zh');
    fakeApi({});
    renderApp('/disclaimer', { lang: 'en' });
    expect(await screen.findByText(/絕對機密/)).toBeInTheDocument();
  });

  it('shows nothing when the stored lang is none of en, cn, zh', async () => {
    localStorage.setItem('lang', 'fr');
    fakeApi({});
    const { container, router } = renderApp('/disclaimer');
    await vi.waitFor(() => expect(container.querySelector('main')).not.toBeNull(), { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/disclaimer');
    expect(container.textContent).toBe('');
    expect(container.textContent).not.toMatch(CJK);
  });

  it("uses the app's default language when none is stored", async () => {
    fakeApi({});
    renderApp('/disclaimer', { config: { ...demoAppConfig, defaultLanguage: 'cn' } });
    expect(await screen.findByText(/绝对机密/)).toBeInTheDocument();
  });

  it.each([
    ['en', 'Back to sign in'],
    ['cn', '返回登录'],
    ['zh', '返回登入'],
  ])('has a way back to sign-in in the stored lang %s', async (lang, name) => {
    localStorage.setItem('lang', lang);
    fakeApi({});
    const { router } = renderApp('/disclaimer', { lang: lang as 'en' | 'cn' | 'zh' });
    const back = await screen.findByRole('link', { name });
    expect(back).toHaveAttribute('href', '/login');
    await userEvent.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
