import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { setup, type AnyStateMachine } from 'xstate';
import { accountMergeMachine } from './account-merge/account-merge.machine';
import { attachmentLikeMachine } from './attachment-like/attachment-like.machine';
import { attachmentViewerMachine } from './attachment-viewer/attachment-viewer.machine';
import { changePasswordMachine } from './change-password/change-password.machine';
import { continualAuthMachine } from './continual-auth/continual-auth.machine';
import { courseDetailMachine } from './course-detail/course-detail.machine';
import { examCertificateMachine } from './exam-certificate/exam-certificate.machine';
import { feedbackFormsMachine } from './feedback-forms/feedback-forms.machine';
import { managementMachine } from './management/management.machine';
import { mockExamsMachine } from './mock-exams/mock-exams.machine';
import { mockPracticeMachine } from './mock-practice/mock-practice.machine';
import { notificationsMachine } from './notifications/notifications.machine';
import { profileMachine } from './profile/profile.machine';
import { offlineEnrolmentMachine } from './offline-enrolment/offline-enrolment.machine';
import { offlineTrainerMachine } from './offline-trainer/offline-trainer.machine';
import { pagedListMachine } from './paged-list/paged-list.machine';
import { createFormSubmissionMachine } from './form-submission/form-submission.machine';
import { forgotPasswordMachine } from './forgot-password/forgot-password.machine';
import { idleTimeoutMachine } from './idle-timeout/idle-timeout.machine';
import { lessonAttachmentMachine } from './lesson/lesson-attachment.machine';
import { lessonMachine } from './lesson/lesson.machine';
import { quizAttemptMachine } from './quiz-attempt/quiz-attempt.machine';
import { quizMachine } from './quiz/quiz.machine';
import { scormMachine } from './scorm/scorm.machine';
import { onScreenTimeMachine } from './on-screen-time/on-screen-time.machine';
import { recruitAccountsMachine } from './recruit-accounts/recruit-accounts.machine';
import { resetPasswordMachine } from './reset-password/reset-password.machine';
import { sessionMachine } from './session/session.machine';
import { signInMachine } from './sign-in/sign-in.machine';
import { twoFactorMachine } from './two-factor/two-factor.machine';
import { videoPlayerMachine } from './video-player/video-player.machine';
import { vocabMachine } from './vocab/vocab.machine';
import { cpdLedgerMachine } from './cpd-ledger/cpd-ledger.machine';
import { diagramDocument, toMermaid } from './testing/diagram';

// DESIGN §3: every machine has its diagram in docs/machines/, generated from the definition.
const machines: Array<[string, AnyStateMachine] | [string, AnyStateMachine, string]> = [
  ['form-submission', createFormSubmissionMachine('formSubmission')],
  ['sign-in', signInMachine],
  ['change-password', changePasswordMachine],
  ['forgot-password', forgotPasswordMachine],
  ['session', sessionMachine],
  ['idle-timeout', idleTimeoutMachine],
  ['continual-auth', continualAuthMachine],
  ['two-factor', twoFactorMachine],
  ['reset-password', resetPasswordMachine],
  ['paged-list', pagedListMachine],
  ['course-detail', courseDetailMachine],
  ['feedback-forms', feedbackFormsMachine],
  ['attachment-viewer', attachmentViewerMachine],
  ['attachment-like', attachmentLikeMachine],
  ['on-screen-time', onScreenTimeMachine],
  ['video-player', videoPlayerMachine],
  ['lesson', lessonMachine],
  ['lesson-attachment', lessonAttachmentMachine, 'src/machines/lesson/lesson-attachment.machine.ts'],
  ['quiz-attempt', quizAttemptMachine],
  ['quiz', quizMachine],
  ['mock-practice', mockPracticeMachine],
  ['mock-exams', mockExamsMachine],
  ['notifications', notificationsMachine],
  ['profile', profileMachine],
  ['scorm', scormMachine],
  ['recruit-accounts', recruitAccountsMachine],
  ['account-merge', accountMergeMachine],
  ['management', managementMachine],
  ['offline-enrolment', offlineEnrolmentMachine],
  ['exam-certificate', examCertificateMachine],
  ['offline-trainer', offlineTrainerMachine],
  ['vocab', vocabMachine],
  ['cpd-ledger', cpdLedgerMachine],
];

describe('machine diagrams in docs/machines', () => {
  it('names a delayed transition by its delay only', () => {
    const diagram = toMermaid(continualAuthMachine);
    expect(diagram).toContain('scheduled --> prompting: after randomDelay [currentRegistered]');
    expect(diagram).not.toMatch(/after \w+\.\w+/);
  });

  it('draws every transition of a machine', () => {
    const diagram = toMermaid(signInMachine);
    expect(diagram).toContain('[*] --> editing');
    expect(diagram).toContain('editing --> submitting: form.submit');
    expect(diagram).toContain('submitting --> succeeded: done: submit');
    expect(diagram).toContain('submitting --> failed: error: submit');
    expect(diagram).toContain('failed --> editing: form.edit');
    expect(diagram).toContain('succeeded --> [*]');
  });

  it('names guards and delays', () => {
    expect(toMermaid(idleTimeoutMachine)).toContain('watching --> prompting: clock.tick');
    expect(toMermaid(idleTimeoutMachine)).toContain('watching --> refreshing: clock.tick [isPageBusy]');
    expect(toMermaid(sessionMachine)).toContain('signedIn --> loggingOut: done: idleTimeout [userLeft]');
    const delayed = setup({ delays: { warningDelay: 1000 } }).createMachine({
      initial: 'a',
      states: { a: { after: { warningDelay: 'b' } }, b: {} },
    });
    expect(toMermaid(delayed)).toContain('a --> b: after warningDelay');
  });

  it.each(machines)('docs/machines/%s.md matches its machine', (name, machine, source = `src/machines/${name}/${name}.machine.ts`) => {
    const file = new URL(`../../docs/machines/${name}.md`, import.meta.url);
    const expected = diagramDocument(name, machine, source);
    if (process.env.UPDATE_DIAGRAMS) writeFileSync(file, expected);
    expect(existsSync(file), `run UPDATE_DIAGRAMS=1 npx vitest run src/machines/diagrams.test.ts`).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(expected);
  });
});
