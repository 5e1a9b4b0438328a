import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../ui/primitives/lazy-part';
import { Button } from '../../ui/primitives/button';
import { useAppConfig, useCurrentUser } from '../app-context';

// Issue 48 (ADR 103): the course page's "Recommend" button, shown only with the `recommend` flag.
// The dialog's code (machine, view, calls) loads when the button is first pressed or pointed at
// (ADR 071's lazy part); its texts travel with the learning pages' (courses-namespace.tsx).
const dialog = lazyPart(() => import('./course-recommendation.route').then((m) => m.CourseRecommendationRoute));

export function CourseRecommendationEntry({ courseId, courseTitle }: { courseId: string; courseTitle: string }) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const selfId = useCurrentUser().user?.id ?? null;
  const [wanted, setWanted] = useState(false);
  const Dialog = dialog.useLoaded(wanted);
  const closed = useCallback(() => setWanted(false), []);
  if (!config.appEnabledFunction.recommend || selfId === null) return null;
  return (
    <>
      <Button
        onClick={() => setWanted(true)}
        onPointerEnter={() => void dialog.preload().catch(() => undefined)}
        aria-haspopup="dialog"
        aria-label={t('course-recommendation:recommend_label')}
        data-testid="recommend-button"
      >
        {t('course-recommendation:recommend')}
      </Button>
      {wanted && Dialog ? <Dialog courseId={courseId} courseTitle={courseTitle} selfId={selfId} onClosed={closed} /> : null}
    </>
  );
}
