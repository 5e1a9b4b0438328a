import { collect } from '../collect';

// The zh catalogue, one chunk: the app loads only the language in use (first-page budget).
// server.json is left out: the browser shows the server's messages as they arrive.
export default collect({
  ...import.meta.glob<{ default: Record<string, unknown> }>(['../locales/zh/*.json', '!../locales/zh/courses.json', '!../locales/zh/quiz.json', '!../locales/zh/feedback-forms.json', '!../locales/zh/attachments.json', '!../locales/zh/lesson.json', '!../locales/zh/mock-exams.json', '!../locales/zh/scorm.json', '!../locales/zh/recruits.json', '!../locales/zh/management.json', '!../locales/zh/offline.json', '!../locales/zh/notifications.json', '!../locales/zh/profile.json', '!../locales/zh/vocab.json', '!../locales/zh/cpd.json', '!../locales/zh/cpd-statement.json', '!../locales/zh/cpd-team.json', '!../locales/zh/cpd-report.json', '!../locales/zh/achievements.json', '!../locales/zh/cpd-claim.json', '!../locales/zh/cpd-claim-decision.json', '!../locales/zh/home-summary.json', '!../locales/zh/evidence-replay.json', '!../locales/zh/learning-map.json', '!../locales/zh/reading-note.json', '!../locales/zh/new-joiner-welcome.json', '!../locales/zh/course-recommendation.json'], { eager: true }),
  ...import.meta.glob<{ default: Record<string, unknown> }>('../../config/locales/zh/validation.json', { eager: true }),
});
