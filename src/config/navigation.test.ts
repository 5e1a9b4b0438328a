import { describe, expect, it } from 'vitest';
import { backFallbackPath, bottomLinks, courseNavItems, isActiveLink, isSettingPage, isSideLink, normalizePath, sideLinks } from './navigation';

const allOn = { learningMap: true, mockExam: true };
const allOff = { learningMap: false, mockExam: false };
const paths = (links: { link: string }[]) => links.map((l) => l.link);

describe('sideLinks', () => {
  it('gives a learner the six links in spec order', () => {
    expect(paths(sideLinks({ isManager: false, features: allOn }))).toEqual([
      '/main',
      '/cpd',
      '/learning-map',
      '/mockexam',
      '/notification',
      '/profile',
      '/setting',
    ]);
  });

  it('puts management second for a manager, and the team CPD after the own ledger (issue 45)', () => {
    const links = sideLinks({ isManager: true, features: allOn });
    expect(paths(links)).toEqual(['/main', '/management', '/cpd', '/cpd/team', '/learning-map', '/mockexam', '/notification', '/profile', '/setting']);
    expect(links[1]).toEqual({ icon: 'management', titleKey: 'layout:nav.management', link: '/management' });
  });

  it('gives the auditor the CPD report after the own ledger (issue 45), and nobody else', () => {
    const links = sideLinks({ isManager: false, isAuditor: true, features: allOff });
    expect(paths(links)).toEqual(['/main', '/cpd', '/cpd/report', '/notification', '/profile', '/setting']);
    expect(links[2]).toEqual({ icon: 'cpd', titleKey: 'layout:nav.cpd_report', link: '/cpd/report' });
    expect(paths(sideLinks({ isManager: true, features: allOff }))).not.toContain('/cpd/report');
  });

  it('gives a recruit the link to merge into an agent account, second', () => {
    const links = sideLinks({ isManager: false, isRecruit: true, features: allOff });
    expect(paths(links)).toEqual(['/main', '/merge', '/notification', '/profile', '/setting']);
    expect(links[1]).toEqual({ icon: 'merge', titleKey: 'layout:nav.merge', link: '/merge' });
    expect(paths(sideLinks({ isManager: false, isRecruit: false, features: allOff }))).not.toContain('/merge');
    // A recruit holds no licence yet: no CPD ledger (issue 45).
    expect(paths(links)).not.toContain('/cpd');
  });

  it('removes learning map and mock exam when their features are off', () => {
    expect(paths(sideLinks({ isManager: false, features: allOff }))).toEqual(['/main', '/cpd', '/notification', '/profile', '/setting']);
    expect(paths(sideLinks({ isManager: true, features: { learningMap: true, mockExam: false } }))).toEqual([
      '/main',
      '/management',
      '/cpd',
      '/cpd/team',
      '/learning-map',
      '/notification',
      '/profile',
      '/setting',
    ]);
    expect(paths(sideLinks({ isManager: false, features: { learningMap: false, mockExam: true } }))).toEqual([
      '/main',
      '/cpd',
      '/mockexam',
      '/notification',
      '/profile',
      '/setting',
    ]);
  });

  it('uses the spec title keys in the layout namespace (and issue 45’s CPD ledger)', () => {
    expect(sideLinks({ isManager: false, features: allOn }).map((l) => l.titleKey)).toEqual([
      'layout:nav.main',
      'layout:nav.cpd',
      'layout:nav.learning_map',
      'layout:nav.mock_exam',
      'layout:nav.notification',
      'layout:nav.my_profile',
      'layout:nav.setting',
    ]);
  });
});

describe('bottomLinks', () => {
  it('gives a learner home, notification, my profile', () => {
    const links = bottomLinks({ isManager: false });
    expect(paths(links)).toEqual(['/main', '/notification', '/profile']);
    expect(links[0].titleKey).toBe('layout:nav.home');
  });
  it('puts management after home for a manager', () => {
    expect(paths(bottomLinks({ isManager: true }))).toEqual(['/main', '/management', '/notification', '/profile']);
  });
});

describe('courseNavItems', () => {
  it('lists the six course areas, none disabled, when everything is on', () => {
    const items = courseNavItems({ offlineEnabled: true });
    expect(paths(items)).toEqual(['/courses/all', '/courses/material', '/offline', '/learning-map', '/mockexam', '/search/vocabulary']);
    expect(items.some((i) => i.disabled)).toBe(false);
  });
  it('greys the offline item (kept, disabled) when offline courses are off', () => {
    const items = courseNavItems({ offlineEnabled: false });
    expect(items.find((i) => i.link === '/offline')).toMatchObject({ disabled: true });
    expect(items.filter((i) => i.disabled)).toHaveLength(1);
  });
  it('omits learning map, mock exam and the vocabulary when their features are off', () => {
    expect(paths(courseNavItems({ offlineEnabled: true, learningMap: false, mockExam: false, vocab: false }))).toEqual([
      '/courses/all',
      '/courses/material',
      '/offline',
    ]);
  });
});

describe('path rules', () => {
  it('knows the side-link pages exactly', () => {
    for (const p of ['/main', '/management', '/learning-map', '/mockexam', '/notification', '/profile', '/setting', '/main/', '/profile?x=1'])
      expect(isSideLink(p), p).toBe(true);
    for (const p of ['/courses/all', '/offline', '/setting/reset-password', '/profile/edit', '/', '/mainx']) expect(isSideLink(p), p).toBe(false);
  });
  it('knows setting pages: /setting and below', () => {
    for (const p of ['/setting', '/setting/', '/setting/reset-password', '/setting/a/b?q=1']) expect(isSettingPage(p), p).toBe(true);
    for (const p of ['/settings', '/main', '/profile/setting', '/']) expect(isSettingPage(p), p).toBe(false);
  });
  it('normalizes trailing slashes, query and hash', () => {
    expect(normalizePath('/main/')).toBe('/main');
    expect(normalizePath('/main?x#y')).toBe('/main');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('')).toBe('/');
    expect(normalizePath('///')).toBe('/');
  });
  it('marks a link active on its page and below', () => {
    expect(isActiveLink('/setting', '/setting/reset-password')).toBe(true);
    expect(isActiveLink('/main', '/main')).toBe(true);
    expect(isActiveLink('/main', '/management')).toBe(false);
  });
});

describe('backFallbackPath', () => {
  it('sends a lesson opened directly back to its course, anything else to the main page', () => {
    expect(backFallbackPath('/lesson/12/345')).toBe('/course/12');
    expect(backFallbackPath('/lesson/12/345/')).toBe('/course/12');
    expect(backFallbackPath('/course/12')).toBe('/main');
    expect(backFallbackPath('/courses/all')).toBe('/main');
  });
});
