import { useMemo, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';
import { attachmentIdParamSchema } from '../../api/schemas/attachments.schema';
import type { MediaHandle } from '../../ui/attachment-viewer/use-media-events';
import { useLearningControls } from '../continual-auth/continual-auth-provider';
import { VIDEO_CONTROLS } from '../continual-auth/learning-controls';
import { CoursesNamespace } from '../courses/courses-namespace';
import { LessonAttachment } from '../lesson/lesson-attachment';
import { lessonAttachmentLogic, wallClock } from '../lesson/lesson.actor';
import '../../ui/lesson/lesson-view.css';

/** The material alone: the attachment machine with nothing to finish (ADR 019). */
function Material({ attachmentId }: { attachmentId: string }) {
  const { t } = useTranslation();
  const media = useRef<MediaHandle | null>(null);
  const logic = useMemo(() => lessonAttachmentLogic({ media }), []);
  const attachment = useActorRef(logic, { input: { attachmentId, finishes: false, now: wallClock } });
  // The identity prompt pauses the player and plays it again after (SPEC §2).
  useLearningControls(attachment, VIDEO_CONTROLS);
  const viewer = useSelector(attachment, (s) => s.children.viewer);
  // The page's one heading is the material's name (until it loads: the page's kind).
  const name = useSelector(viewer!, (s) => s.context.detail?.name ?? null);
  return (
    <section className="lesson-view" aria-labelledby="material-title">
      <header className="lesson-view__header">
        <nav className="lesson-view__crumbs">
          <Link to="/courses/material">{t('lesson:back_to_library')}</Link>
        </nav>
        <h1 id="material-title">{name ?? t('lesson:material')}</h1>
      </header>
      <div className="lesson-view__content">
        <LessonAttachment attachment={attachment} media={media} />
      </div>
    </section>
  );
}

/** /courses/material/:attachmentId — a material opened from the library: the viewer alone (no
 * course, so no on-screen record and nothing to complete). */
export default function MaterialViewerRoute() {
  const { attachmentId = '' } = useParams();
  if (!attachmentIdParamSchema.safeParse({ id: attachmentId }).success) return <Navigate to="/not-found" replace />;
  return (
    <CoursesNamespace>
      <Material key={attachmentId} attachmentId={attachmentId} />
    </CoursesNamespace>
  );
}
