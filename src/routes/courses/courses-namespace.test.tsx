import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n';
import { resources } from '../../i18n/resources';
import type { Catalogue } from '../../i18n/collect';
import { COURSES_NS, CoursesNamespace } from './courses-namespace';

// The app's language chunk without the courses texts: the page brings them itself.
function withoutCourses(lang: 'en' | 'zh' | 'cn'): Catalogue {
  const { [COURSES_NS]: _courses, ...rest } = resources[lang];
  return rest;
}

function Probe() {
  const { t } = useTranslation();
  return <p>{t('courses:kind.compulsory')}</p>;
}

describe('the courses namespace', () => {
  it('is loaded with the page, and again in a new language without remounting the page', async () => {
    const i18n = createI18n('en', { en: withoutCourses('en'), zh: withoutCourses('zh') });
    expect(i18n.hasResourceBundle('en', COURSES_NS)).toBe(false);
    let mounts = 0;
    function Page() {
      useState(() => ++mounts);
      return <Probe />;
    }
    render(
      <I18nextProvider i18n={i18n}>
        <CoursesNamespace>
          <Page />
        </CoursesNamespace>
      </I18nextProvider>,
    );
    expect(screen.getByTestId('loading-overlay')).toBeInTheDocument();
    expect(await screen.findByText('Compulsory')).toBeInTheDocument();
    expect(i18n.hasResourceBundle('en', COURSES_NS)).toBe(true);

    await act(() => i18n.changeLanguage('zh'));
    expect(await screen.findByText('必修')).toBeInTheDocument();
    expect(i18n.hasResourceBundle('zh', COURSES_NS)).toBe(true);
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    expect(mounts).toBe(1);
  });
});
