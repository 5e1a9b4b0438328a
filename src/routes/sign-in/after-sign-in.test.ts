import { describe, expect, it } from 'vitest';
import { getRedirectUrl, setRedirectUrl } from '../../platform/storage/token-storage';
import { returnAddress, takeRedirectTarget } from './after-sign-in';

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

  it("carries the login page's query back to the remembered page (a quiz's question, issue 13)", () => {
    setRedirectUrl('/course/5/quiz/7');
    expect(takeRedirectTarget('?q=3')).toBe('/course/5/quiz/7?q=3');
    expect(takeRedirectTarget('?q=3')).toBe('/main');
  });

  it('never leaves the site, whatever the stored value or the query', () => {
    for (const evil of ['//evil.example.com', '/\\evil.example.com', 'https://evil.example.com', 'javascript:alert(1)']) {
      setRedirectUrl(evil);
      expect(takeRedirectTarget('?q=1')).toBe('/main');
    }
    // A query cannot move a path to another host.
    expect(returnAddress('/profile', '?next=//evil.example.com')).toBe('/profile?next=//evil.example.com');
    expect(new URL(returnAddress('/profile', '?@evil.example.com'), 'https://app.example').host).toBe('app.example');
    expect(returnAddress('/profile', '')).toBe('/profile');
    expect(returnAddress('/profile', 'q=1')).toBe('/profile?q=1');
  });
});
