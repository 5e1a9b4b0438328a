import { collect } from '../collect';

// The en catalogue, one chunk: the app loads only the language in use (first-page budget).
// server.json is left out: the browser shows the server's messages as they arrive.
// Page namespaces that load with their pages (src/routes/courses/courses-namespace.tsx) are left out too.
export default collect({
  ...import.meta.glob<{ default: Record<string, unknown> }>(['../locales/en/*.json', '!../locales/en/courses.json', '!../locales/en/quiz.json', '!../locales/en/feedback-forms.json', '!../locales/en/attachments.json', '!../locales/en/lesson.json', '!../locales/en/mock-exams.json', '!../locales/en/scorm.json', '!../locales/en/recruits.json', '!../locales/en/management.json', '!../locales/en/offline.json', '!../locales/en/notifications.json', '!../locales/en/profile.json', '!../locales/en/vocab.json', '!../locales/en/cpd.json', '!../locales/en/cpd-statement.json', '!../locales/en/cpd-team.json', '!../locales/en/cpd-report.json', '!../locales/en/achievements.json', '!../locales/en/cpd-claim.json', '!../locales/en/cpd-claim-decision.json', '!../locales/en/home-summary.json', '!../locales/en/evidence-replay.json', '!../locales/en/learning-map.json', '!../locales/en/reading-note.json', '!../locales/en/new-joiner-welcome.json', '!../locales/en/course-recommendation.json'], { eager: true }),
  ...import.meta.glob<{ default: Record<string, unknown> }>('../../config/locales/en/validation.json', { eager: true }),
});
