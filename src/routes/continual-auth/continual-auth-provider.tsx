import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ContentRef, ContinualAuthSettings } from '../../machines/continual-auth/continual-auth.machine';
import { sameModalView, selectContinualAuthModal } from '../../machines/continual-auth/continual-auth.selectors';
import { continualAuthModalPart } from '../../ui/dialogs/continual-auth-modal-part';
import { registerDialog } from '../session/open-dialogs';
import { continualAuthLogic, type ContinualAuthWiring } from './continual-auth.actor';
import { createLearningControls, type LearningControl, type LearningControls, type LearningEvent } from './learning-controls';

export type ContinualAuthActor = ActorRefFrom<ReturnType<typeof continualAuthLogic>>;

/** What pages use: the actor, and its events by name. */
export interface ContinualAuth {
  actor: ContinualAuthActor;
  enable: (id: string, ref?: Partial<ContentRef>) => void;
  stop: (id?: string) => void;
  /** The cancellable prompt (only while continual authentication has not started). */
  verifyNow: () => void;
  /** The server's word on how long identity still counts as verified (ADR 012). */
  verifiedFor: (remainingMs: number) => void;
  /** The shown page's actors, which the prompt pauses and resumes by events (ADR 019). */
  controls: LearningControls;
}

const ContinualAuthContext = createContext<ContinualAuth | null>(null);

function ModalHost({ actor }: { actor: ContinualAuthActor }) {
  const view = useSelector(actor, selectContinualAuthModal, sameModalView);
  // SPEC §4: logout closes dialogs, this one too.
  useEffect(() => (view.open ? registerDialog(() => actor.send({ type: 'ca.dismiss' })) : undefined), [view.open, actor]);
  // Loaded when a prompt opens (or preloaded after the page, layout.route.tsx); drawn from then on.
  const ContinualAuthModal = continualAuthModalPart.useLoaded(view.open);
  if (!ContinualAuthModal) return null;
  return (
    <ContinualAuthModal
      {...view}
      onSubmit={(answer) => actor.send({ type: 'check.submit', answer })}
      onCancel={() => actor.send({ type: 'check.cancel' })}
    />
  );
}

export interface ContinualAuthProviderProps extends Partial<Omit<ContinualAuthWiring, 'translate'>> {
  settings: ContinualAuthSettings;
  children?: ReactNode;
}

/** One continual-authentication actor per signed-in layout, with its modal above the pages. */
export function ContinualAuthProvider({ settings, alert, log, controls: given, children }: ContinualAuthProviderProps) {
  const { i18n } = useTranslation();
  const controls = useMemo(() => given ?? createLearningControls(), [given]);
  // The logic is made once: the actor keeps it for its life (the alert is worded when it shows).
  const logic = useMemo(
    () => continualAuthLogic({ translate: (key) => i18n.t(key), controls, ...(alert ? { alert } : {}), ...(log ? { log } : {}) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const actor = useActorRef(logic, { input: { settings } });
  const value = useMemo<ContinualAuth>(
    () => ({
      actor,
      enable: (id, ref = {}) => actor.send({ type: 'ca.enable', id, ...ref }),
      stop: (id) => actor.send(id === undefined ? { type: 'ca.stop' } : { type: 'ca.stop', id }),
      verifyNow: () => actor.send({ type: 'ca.manual' }),
      verifiedFor: (remainingMs) => actor.send({ type: 'ca.verified', remainingMs }),
      controls,
    }),
    [actor, controls],
  );
  return (
    <ContinualAuthContext.Provider value={value}>
      {children}
      <ModalHost actor={actor} />
    </ContinualAuthContext.Provider>
  );
}

/** Null outside a signed-in layout (previews, tests of single pages). */
export function useContinualAuth(): ContinualAuth | null {
  return useContext(ContinualAuthContext);
}

/**
 * A learning page registers its id while it is shown (SPEC §4: enabled per id); leaving the
 * page stops it.
 */
export function useContinualAuthFor(id: string | null, ref: Partial<ContentRef> = {}): void {
  const ca = useContinualAuth();
  const { courseId, itemId } = ref;
  useEffect(() => {
    if (!ca || id === null) return undefined;
    ca.enable(id, { courseId: courseId ?? null, itemId: itemId ?? null });
    return () => ca.stop(id);
  }, [ca, id, courseId, itemId]);
}

/**
 * A learning page's actor receives the identity prompt's pause and resume as events while it is
 * shown (`controls`: which of them the page has). A subscription, nothing more.
 */
export function useLearningControls(actor: { send: (event: never) => void }, controls: readonly LearningControl[]): void {
  const ca = useContinualAuth();
  // Only the controls listed are sent: the actor accepts their events.
  useEffect(() => (ca ? ca.controls.register(controls, (event) => (actor as { send: (event: LearningEvent) => void }).send(event)) : undefined), [ca, actor, controls]);
}

const noSubscription = () => () => undefined;

/** A value read from the layout's continual-auth actor (`fallback` outside a layout). */
export function useContinualAuthState<T extends string | number | boolean | null>(select: (snapshot: ReturnType<ContinualAuthActor['getSnapshot']>) => T, fallback: T): T {
  const ca = useContinualAuth();
  const subscribe = useMemo(
    () =>
      ca
        ? (notify: () => void) => {
            const subscription = ca.actor.subscribe(notify);
            return () => subscription.unsubscribe();
          }
        : noSubscription,
    [ca],
  );
  return useSyncExternalStore(subscribe, () => (ca ? select(ca.actor.getSnapshot()) : fallback));
}
