import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';
import { attachmentIdParamSchema } from '../../api/schemas/attachment.schema';
import { LessonAttachment } from '../lesson/lesson-attachment';
import '../../ui/lesson/lesson-view.css';

/** /courses/material/:attachmentId — a material opened from the library: the viewer alone (no
 * course, so no on-screen record and nothing to complete). */
export default function MaterialViewerRoute() {
  const { attachmentId = '' } = useParams();
  const { t } = useTranslation();
  // The page's one heading is the material's name (until it loads: the page's kind).
  const [name, setName] = useState<string | null>(null);
  if (!attachmentIdParamSchema.safeParse({ id: attachmentId }).success) return <Navigate to="/not-found" replace />;
  return (
    <section className="lesson-view" aria-labelledby="material-title">
      <header className="lesson-view__header">
        <nav className="lesson-view__crumbs">
          <Link to="/courses/material">{t('lesson:back_to_library')}</Link>
        </nav>
        <h1 id="material-title">{name ?? t('lesson:material')}</h1>
      </header>
      <div className="lesson-view__content">
        <LessonAttachment key={attachmentId} attachmentId={attachmentId} finishes={false} onName={setName} />
      </div>
    </section>
  );
}
