/**
 * Ends the current task and resumes in a new one, so the browser can paint and handle input in
 * between: a long task split in two blocks the page for less at a time (Lighthouse's "total
 * blocking time" counts each task's time over 50 ms; ADR 035, addendum 3). A MessageChannel
 * message, not setTimeout, which hidden tabs delay by a second or more: the app must start as
 * quickly in a tab opened in the background.
 */
export function yieldToBrowser(): Promise<void> {
  if (typeof MessageChannel === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
