// The identity prompt pauses what the learning page runs (SPEC §2 "On opening, it pauses the video
// player… on success … restarts the video player"; §4 "pauses the timer … restarts the timer").
// The continual-auth actor lives for the whole signed-in layout while timers and players live
// and die with a lesson page, so the page registers its controls here while it is shown.

export interface LearningControls {
  pauseTimer?: () => void;
  restartTimer?: () => void;
  pauseVideo?: () => void;
  restartVideo?: () => void;
}

const registered = new Set<LearningControls>();

/** Registers a page's controls; the returned function unregisters them (an effect's cleanup). */
export function registerLearningControls(controls: LearningControls): () => void {
  registered.add(controls);
  return () => {
    registered.delete(controls);
  };
}

/** Calls one control of every registered page; false when no page has it (nothing to pause). */
export function runLearningControl(name: keyof LearningControls): boolean {
  let ran = false;
  for (const controls of registered) {
    const control = controls[name];
    if (control) {
      control();
      ran = true;
    }
  }
  return ran;
}
