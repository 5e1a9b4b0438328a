import { describe, expect, it } from 'vitest';
import { isMessageKey, languageFromHeader, translate } from './messages';

describe('server messages', () => {
  it.each([
    ['zh-HK', 'zh'],
    ['zh-hk', 'zh'],
    ['zh-CN', 'cn'],
    ['en', 'en'],
    ['fr', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('X-App-Language %s → %s', (header, lang) => {
    expect(languageFromHeader(header)).toBe(lang);
  });

  it('translates server and validation keys in the three languages', () => {
    expect(translate('en', 'server:incorrect_credentials')).toBe('The agent code or password is incorrect.');
    expect(translate('zh', 'server:incorrect_credentials')).toBe('代理人編號或密碼不正確。');
    expect(translate('cn', 'server:incorrect_credentials')).toBe('代理人编号或密码不正确。');
    expect(translate('en', 'validation:password_not_match')).toBe("New passwords don't match");
    expect(translate('zh', 'validation:password_length')).toBe('密碼長度須為 8 至 12 個字元。');
  });

  it('fills placeholders', () => {
    expect(translate('en', 'server:invalid_field', { field: 'page' })).toBe('The value of "page" is not valid.');
  });

  it('says a count by the plural rules of the language (issue 43, item 25: "Only 1 seats")', () => {
    expect(translate('en', 'server:management_assign_no_quota', { count: 1 })).toBe('Only 1 seat is left in this course.');
    expect(translate('en', 'server:management_assign_no_quota', { count: 0 })).toBe('Only 0 seats are left in this course.');
    expect(translate('en', 'server:management_assign_no_quota', { count: 3 })).toBe('Only 3 seats are left in this course.');
    expect(translate('zh', 'server:management_assign_no_quota', { count: 1 })).toBe('此課程只剩 1 個名額。');
    expect(translate('en', 'server:merge_undo_expired', { count: 1 })).toMatch(/^A merge can be undone within 1 day;/);
    expect(isMessageKey('server:management_assign_no_quota')).toBe(true);
  });

  it('recognises only real keys', () => {
    expect(isMessageKey('validation:password_length')).toBe(true);
    expect(isMessageKey('server:not_found')).toBe(true);
    expect(isMessageKey('validation:nope')).toBe(false);
    expect(isMessageKey('Invalid input: expected string')).toBe(false);
  });
});
