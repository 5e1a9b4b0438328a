import { lazy, Suspense, type ComponentProps } from 'react';
import { LoadingOverlay } from '../../ui/layout/loading-overlay';

// The launcher, its machine, its journal and its contract in a chunk of their own, loaded when a
// SCORM item is shown: a reading, a video or a PDF lesson and a course without a SCORM item never
// load them (ADR 070; the brief: SCORM loads lazily).
const ScormLauncherNow = lazy(() => import('./scorm.route').then((m) => ({ default: m.ScormLauncher })));

/** `ScormLauncher` (scorm.route.tsx), with a spinner while its chunk loads. */
export function ScormLauncher(props: ComponentProps<typeof ScormLauncherNow>) {
  return (
    <Suspense fallback={<LoadingOverlay />}>
      <ScormLauncherNow {...props} />
    </Suspense>
  );
}
