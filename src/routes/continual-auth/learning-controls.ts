// The identity prompt pauses what the learning page runs (SPEC §2 "On opening, it pauses the video
// player… on success … restarts the video player"; §4 "pauses the timer … restarts the timer").
// The continual-auth actor lives for the whole signed-in layout while the lesson actor lives and
// dies with a lesson page: the layout owns one registry (no module global, ADR 019), the page
// subscribes its actor to it while it is shown, and the prompt's actions become the page's events.

/** The continual-auth machine's actions, by name. */
export type LearningControl = 'pauseTimer' | 'restartTimer' | 'pauseVideo' | 'restartVideo';

/** What a page's actor receives. */
export type LearningEvent = { type: 'auth.timer.pause' } | { type: 'auth.timer.resume' } | { type: 'auth.video.pause' } | { type: 'auth.video.resume' };

export const LEARNING_EVENTS: Record<LearningControl, LearningEvent> = {
  pauseTimer: { type: 'auth.timer.pause' },
  restartTimer: { type: 'auth.timer.resume' },
  pauseVideo: { type: 'auth.video.pause' },
  restartVideo: { type: 'auth.video.resume' },
};

export interface LearningControls {
  /** Subscribes a page's actor to the controls it has; the returned function unsubscribes (an
   * effect's cleanup). */
  register(controls: readonly LearningControl[], send: (event: LearningEvent) => void): () => void;
  /** Sends one control's event to every subscribed page that has it; false when none has it. */
  run(name: LearningControl): boolean;
}

/** One registry per signed-in layout (the continual-auth provider makes it). */
export function createLearningControls(): LearningControls {
  const registered = new Set<{ controls: readonly LearningControl[]; send: (event: LearningEvent) => void }>();
  return {
    register(controls, send) {
      const entry = { controls, send };
      registered.add(entry);
      return () => {
        registered.delete(entry);
      };
    },
    run(name) {
      let ran = false;
      for (const entry of registered) {
        if (!entry.controls.includes(name)) continue;
        entry.send(LEARNING_EVENTS[name]);
        ran = true;
      }
      return ran;
    },
  };
}

export const TIMER_CONTROLS: readonly LearningControl[] = ['pauseTimer', 'restartTimer'];
export const VIDEO_CONTROLS: readonly LearningControl[] = ['pauseVideo', 'restartVideo'];
