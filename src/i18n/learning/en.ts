import { collect } from '../collect';

// The en learning texts (src/routes/courses/courses-namespace.tsx: the catalogue, lessons and their
// attachments, quizzes, the feedback form, the SCORM launcher), one module: the bundler makes it one
// chunk, loaded by the learning pages' dynamic import of it (ADR 043, 082).
export default collect(import.meta.glob<{ default: Record<string, unknown> }>('../locales/en/{courses,quiz,feedback-forms,attachments,lesson,scorm,reading-note,course-recommendation}.json', { eager: true }));
