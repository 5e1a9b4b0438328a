import { afterEach, describe, expect, it, vi } from 'vitest';
// boot.ts sits at src/ where no Vitest project looks for tests; its test lives beside the guards.
import { boot, setViewportHeight } from '../boot';
import { authGuard, setGuardConfig } from './guards';
import { demoAppConfig, specDefaultAppConfig } from '../config/app-config.defaults';
import { json, stubFetch, tokenFor } from '../api/test-helpers';
import { setToken } from '../platform/storage/token-storage';

afterEach(() => {
  vi.unstubAllGlobals();
  setGuardConfig(specDefaultAppConfig);
});

describe('boot', () => {
  it('reads the app configuration and starts i18n in the stored language', async () => {
    const served = { ...demoAppConfig, productTitle: 'Served Title' };
    const net = stubFetch(() => json(served));
    localStorage.setItem('lang', 'cn');
    const { config, i18n } = await boot();
    expect(config).toEqual(served);
    expect(net.last().url).toBe(`${location.origin}/api/app-config`);
    expect(i18n.language).toBe('cn');
    expect(i18n.t('cancel')).toBe('取消');
  });

  it('falls back to the app default language when none is stored', async () => {
    stubFetch(() => json({ ...demoAppConfig, defaultLanguage: 'zh' }));
    const { i18n } = await boot();
    expect(i18n.language).toBe('zh');
  });

  it('falls back to the specification defaults when the configuration cannot be read', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubFetch(() => json({ status_code: 500, message: 'down' }, 500));
    expect((await boot()).config).toEqual(specDefaultAppConfig);
    stubFetch(() => json({ nonsense: true }));
    expect((await boot()).config).toEqual(specDefaultAppConfig);
  });

  it('hands the configuration to the guards', async () => {
    stubFetch(() => json({ ...demoAppConfig, twoFactorRequired: true }));
    await boot();
    setToken(tokenFor('1'));
    expect(() => authGuard({ request: new Request('http://localhost/main') })).toThrow();
  });

  it('sets --vh to 1% of the window height, on start and on resize', async () => {
    stubFetch(() => json(demoAppConfig));
    vi.stubGlobal('innerHeight', 800);
    await boot();
    expect(document.documentElement.style.getPropertyValue('--vh')).toBe('8px');
    vi.stubGlobal('innerHeight', 500);
    window.dispatchEvent(new Event('resize'));
    expect(document.documentElement.style.getPropertyValue('--vh')).toBe('5px');
    setViewportHeight({ innerHeight: 1000, document } as unknown as Window);
    expect(document.documentElement.style.getPropertyValue('--vh')).toBe('10px');
  });
});
