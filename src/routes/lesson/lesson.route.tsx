import { useParams } from 'react-router-dom';
import { useContinualAuthFor } from '../continual-auth/continual-auth-provider';
import { lessonContent } from '../continual-auth/learning-content';
import ComingSoonRoute from '../coming-soon/coming-soon.route';

/** /lesson/… — lessons come with the content issue; identity prompts guard them already. */
export default function LessonRoute() {
  const content = lessonContent(useParams()['*'] ?? '');
  useContinualAuthFor(content?.id ?? null, content ?? {});
  return <ComingSoonRoute />;
}
