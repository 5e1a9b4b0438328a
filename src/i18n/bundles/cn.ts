import { collect } from '../collect';

// The cn catalogue, one chunk: the app loads only the language in use (first-page budget).
// server.json is left out: the browser shows the server's messages as they arrive.
export default collect({
  ...import.meta.glob<{ default: Record<string, unknown> }>(['../locales/cn/*.json', '!../locales/cn/courses.json', '!../locales/cn/quiz.json', '!../locales/cn/feedback-forms.json', '!../locales/cn/attachments.json', '!../locales/cn/lesson.json', '!../locales/cn/mock-exams.json', '!../locales/cn/scorm.json', '!../locales/cn/recruits.json', '!../locales/cn/management.json', '!../locales/cn/offline.json', '!../locales/cn/notifications.json', '!../locales/cn/profile.json', '!../locales/cn/vocab.json', '!../locales/cn/cpd.json', '!../locales/cn/cpd-statement.json', '!../locales/cn/cpd-team.json', '!../locales/cn/cpd-report.json', '!../locales/cn/achievements.json', '!../locales/cn/cpd-claim.json', '!../locales/cn/cpd-claim-decision.json', '!../locales/cn/home-summary.json', '!../locales/cn/evidence-replay.json', '!../locales/cn/learning-map.json', '!../locales/cn/reading-note.json', '!../locales/cn/new-joiner-welcome.json', '!../locales/cn/course-recommendation.json'], { eager: true }),
  ...import.meta.glob<{ default: Record<string, unknown> }>('../../config/locales/cn/validation.json', { eager: true }),
});
