import { lazyPart } from '../primitives/lazy-part';
import type { ContinualAuthModalProps } from './continual-auth-modal';

/** The identity prompt is closed when a page first draws: its code (and the one-time-code schema)
 * loads once a prompt is wanted or after the page is whole (ADR 071), not before the first paint. */
export const continualAuthModalPart = lazyPart<ContinualAuthModalProps>(() => import('./continual-auth-modal').then((m) => m.ContinualAuthModal));
export const preloadContinualAuthModal = continualAuthModalPart.preload;
