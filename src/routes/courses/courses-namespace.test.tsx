import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n';
import { resources } from '../../i18n/resources';
import type { Catalogue } from '../../i18n/collect';
import { COURSES_NS, CoursesNamespace, ensureCoursesNamespace, LEARNING_NAMESPACES } from './courses-namespace';
import { ensureMockExamsNamespace, MOCK_EXAMS_NS } from '../mock-exams/mock-exams-namespace';
import { ensureRecruitsNamespace, RECRUITS_NS } from '../recruit-accounts/recruit-accounts-namespace';
import { ensureManagementNamespace, MANAGEMENT_NS } from '../management/management-namespace';
import { ensureOfflineNamespace, OFFLINE_NS } from '../offline-courses/offline-courses-namespace';
import { ensureNotificationsNamespace, NOTIFICATIONS_NS } from '../notifications/notifications-namespace';
import { ACHIEVEMENTS_NS, ensureProfileNamespace, PROFILE_NS } from '../profile/profile-namespace';
import { ensureVocabNamespace, VOCAB_NS } from '../vocab/vocab-namespace';
import { CPD_NS, ensureCpdNamespace } from '../cpd-ledger/cpd-ledger-namespace';
import { ensureLearningMapNamespace, LEARNING_MAP_NS } from '../learning-map/learning-map-namespace';
import { CPD_CLAIM_NS, ensureCpdClaimNamespace } from '../cpd-claim/cpd-claim-namespace';
import { CPD_REPORT_NS, ensureCpdReportNamespace } from '../cpd-report/cpd-report-namespace';
import { EVIDENCE_REPLAY_NS, ensureEvidenceReplayNamespace } from '../evidence-replay/evidence-replay-namespace';
import { CPD_STATEMENT_NS, ensureCpdStatementNamespace } from '../cpd-statement/cpd-statement-namespace';
import { CPD_TEAM_NS, ensureCpdTeamNamespace } from '../cpd-team/cpd-team-namespace';
import { CPD_CLAIM_DECISION_NS, ensureCpdClaimDecisionNamespace } from '../cpd-claim-decision/cpd-claim-decision-namespace';
import { ensureHomeSummaryNamespace, HOME_SUMMARY_NS } from '../home-summary/home-summary-namespace';
import { ensureNewJoinerWelcomeNamespace, NEW_JOINER_WELCOME_NS } from '../new-joiner-welcome/new-joiner-welcome-namespace';
import enBundle from '../../i18n/bundles/en';
import cnBundle from '../../i18n/bundles/cn';
import zhBundle from '../../i18n/bundles/zh';

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

  // The first-page budget (issue 12): a learning namespace is either in a language's first chunk or
  // loaded with the pages, never both, never neither.
  it.each([
    ['en', enBundle],
    ['cn', cnBundle],
    ['zh', zhBundle],
  ] as const)('the %s first chunk leaves out exactly the page namespaces (learning, mock exams, recruits, management, classroom courses, notifications, profile, achievements, vocabulary, the CPD pages, the home summary, the new joiner’s welcome), and the pages load each of them', async (lang, bundle) => {
    const all = Object.keys(resources[lang]).filter((ns) => ns !== 'server');
    const pageNamespaces = [...LEARNING_NAMESPACES, MOCK_EXAMS_NS, RECRUITS_NS, MANAGEMENT_NS, OFFLINE_NS, NOTIFICATIONS_NS, PROFILE_NS, ACHIEVEMENTS_NS, VOCAB_NS, CPD_NS, CPD_CLAIM_NS, CPD_REPORT_NS, CPD_STATEMENT_NS, CPD_TEAM_NS, CPD_CLAIM_DECISION_NS, HOME_SUMMARY_NS, EVIDENCE_REPLAY_NS, LEARNING_MAP_NS, NEW_JOINER_WELCOME_NS];
    expect(all.filter((ns) => !(ns in bundle)).sort()).toEqual([...pageNamespaces].sort());
    const i18n = createI18n(lang, { [lang]: bundle });
    await ensureCoursesNamespace(i18n, lang);
    await ensureMockExamsNamespace(i18n, lang);
    await ensureRecruitsNamespace(i18n, lang);
    await ensureManagementNamespace(i18n, lang);
    await ensureOfflineNamespace(i18n, lang);
    await ensureNotificationsNamespace(i18n, lang);
    await ensureProfileNamespace(i18n, lang);
    await ensureVocabNamespace(i18n, lang);
    await ensureCpdNamespace(i18n, lang);
    await ensureLearningMapNamespace(i18n, lang);
    await ensureCpdClaimNamespace(i18n, lang);
    await ensureCpdReportNamespace(i18n, lang);
    await ensureCpdStatementNamespace(i18n, lang);
    await ensureCpdTeamNamespace(i18n, lang);
    await ensureCpdClaimDecisionNamespace(i18n, lang);
    await ensureHomeSummaryNamespace(i18n, lang);
    await ensureEvidenceReplayNamespace(i18n, lang);
    await ensureNewJoinerWelcomeNamespace(i18n, lang);
    for (const ns of pageNamespaces) expect(i18n.getResourceBundle(lang, ns)).toEqual(resources[lang][ns]);
  });
});
