import { useParams } from 'react-router-dom';
import { useContinualAuthFor } from '../continual-auth/continual-auth-provider';
import { courseContent } from '../continual-auth/learning-content';
import ComingSoonRoute from '../coming-soon/coming-soon.route';

/** /course/:id — the course itself comes with the content issue; identity prompts guard it already. */
export default function CourseRoute() {
  const content = courseContent(useParams()['*'] ?? '');
  useContinualAuthFor(content?.id ?? null, content ?? {});
  return <ComingSoonRoute />;
}
