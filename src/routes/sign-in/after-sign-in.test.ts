import { describe, expect, it } from 'vitest';
import { getRedirectUrl, setRedirectUrl } from '../../platform/storage/token-storage';
import { takeRedirectTarget } from './after-sign-in';

describe('where a sign-in goes', () => {
  it('to the remembered page, once', () => {
    setRedirectUrl('/courses/all');
    expect(takeRedirectTarget()).toBe('/courses/all');
    expect(getRedirectUrl()).toBeNull();
    expect(takeRedirectTarget()).toBe('/main');
  });

  it('never back to the session pages', () => {
    for (const page of ['/login', '/logout', '/forgot-password']) {
      setRedirectUrl(page);
      expect(takeRedirectTarget()).toBe('/main');
    }
  });
});
