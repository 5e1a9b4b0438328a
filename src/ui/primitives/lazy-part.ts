import { useEffect, useState, type ComponentType } from 'react';

/** How long a part whose code failed to load (the network gone) waits before it asks again. */
export const LAZY_PART_RETRY_MS = 3000;

/**
 * A part of the interface that is closed when a page first draws (a modal, the side drawer) and
 * whose code loads only once it is wanted, or when `preload` is called (ADR 071): its code then
 * costs a page nothing before its first paint. Unlike React.lazy, a part already loaded draws in
 * the same render that wants it, with no Suspense boundary and no fallback frame.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;

  /** Starts loading (once); resolves with the part. A failure is forgotten, so a later call retries. */
  const preload = (): Promise<ComponentType<P>> =>
    (loading ??= load().then(
      (part) => (loaded = part),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));

  /** The part once loaded, else null; while `wanted`, loads it and draws again when it arrives. */
  function useLoaded(wanted: boolean): ComponentType<P> | null {
    const [, setArrivals] = useState(0);
    const [attempt, setAttempt] = useState(0);
    useEffect(() => {
      if (!wanted || loaded) return;
      let live = true;
      let retry: ReturnType<typeof setTimeout> | undefined;
      preload().then(
        () => live && setArrivals((n) => n + 1),
        // Offline: asked again while still wanted, so a modal that must show (SPEC §5's identity
        // prompt) shows once the network is back.
        () => {
          if (live) retry = setTimeout(() => setAttempt((n) => n + 1), LAZY_PART_RETRY_MS);
        },
      );
      return () => {
        live = false;
        clearTimeout(retry);
      };
    }, [wanted, attempt]);
    return loaded;
  }

  return { preload, useLoaded };
}
