import { assertEvent, assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import type { AttachmentDetail } from '../../api/schemas/attachments.schema';
import { ATTACHMENT_MEDIA } from '../../config/constants';

/** What the viewer shows (SPEC §7): media by URL (data: or blob:), a PDF as bytes, an office
 * document by its signed URL (opened in a new window). Same shape as src/platform/attachment-crypto's. */
export type ViewerContent =
  | { kind: 'video' | 'audio' | 'image'; mime: string; url: string }
  | { kind: 'pdf'; bytes: Uint8Array<ArrayBuffer> }
  | { kind: 'document'; url: string };

export type ViewerFailureReason = 'tampered' | 'not_found' | 'failed';
export interface ViewerFailure {
  reason: ViewerFailureReason;
  /** A message the server (or the API layer) already translated; null → the view's generic text. */
  message: string | null;
}

/** A signed URL of the stored file and when it stops working (ms since the epoch). */
export interface SignedUrl {
  url: string;
  expiresAt: number;
}

export interface AttachmentViewerInput {
  attachmentId: string;
}

export interface AttachmentViewerContext {
  attachmentId: string;
  detail: AttachmentDetail | null;
  /** Download progress 0–100; null while the size is unknown. */
  progress: number | null;
  content: ViewerContent | null;
  /** The rewritten HLS playlist as a blob: URL (SPEC §7), for hls.js. */
  playlistUrl: string | null;
  document: SignedUrl | null;
  failure: ViewerFailure | null;
}

export type AttachmentViewerEvent =
  | { type: 'download.progress'; loaded: number; total: number }
  | { type: 'download.done'; bytes: ArrayBuffer }
  | { type: 'download.failed'; error: unknown }
  | { type: 'stream.failed'; error?: unknown }
  | { type: 'document.open'; now: number }
  | { type: 'viewer.retry' };

/** A signed URL is not handed to a new window in its last half minute: it may expire on the way. */
export const SIGNED_URL_MARGIN_MS = 30_000;

/**
 * Classifies a rejection without importing the API layer: by the error's name and status (the
 * crypto module's AttachmentTamperedError, the API layer's ApiRequestError / InvalidResponseError,
 * whose messages are already translated).
 */
export function failureOf(error: unknown): ViewerFailure {
  const e = (error ?? {}) as { name?: unknown; status?: unknown; message?: unknown };
  if (e.name === 'AttachmentTamperedError') return { reason: 'tampered', message: null };
  if (e.status === 404) return { reason: 'not_found', message: null };
  const translated = (e.name === 'ApiRequestError' || e.name === 'InvalidResponseError') && typeof e.message === 'string' && e.message !== '';
  return { reason: 'failed', message: translated ? (e.message as string) : null };
}

const notProvided = (name: string) => () => {
  throw new Error(`${name} must be provided (src/routes/lesson: machine.provide)`);
};

/**
 * One attachment on screen: metadata → (HLS rendition: playlist → streaming) | (office document:
 * signed URL → open in a new window) | download with progress → verify + decrypt → ready.
 * A tampered file ends in `tampered` with no retry (retrying would fetch the same bytes);
 * other failures offer a retry from the start.
 */
export const attachmentViewerMachine = setup({
  types: {
    input: {} as AttachmentViewerInput,
    context: {} as AttachmentViewerContext,
    events: {} as AttachmentViewerEvent,
  },
  actors: {
    /** GET attachments/{id}. */
    loadAttachment: fromPromise<AttachmentDetail, { attachmentId: string }>(notProvided('loadAttachment')),
    /** generate_download, then the stored bytes; sends download.progress / download.done / download.failed
     * and aborts the transfer when stopped. */
    downloadAttachment: fromCallback<EventObject, { attachmentId: string }>(notProvided('downloadAttachment')),
    /** The decrypt worker: verify the HMAC, decrypt, present (src/platform/attachment-crypto). */
    decryptAttachment: fromPromise<ViewerContent, { bytes: ArrayBuffer; detail: AttachmentDetail }>(notProvided('decryptAttachment')),
    /** The stored playlist, rewritten (src/api/attachments-stream.ts), as a blob: URL. */
    loadPlaylist: fromPromise<string, { attachmentId: string; playlist: string }>(notProvided('loadPlaylist')),
    /** generate_download for an office document. */
    prepareDocument: fromPromise<SignedUrl, { attachmentId: string }>(notProvided('prepareDocument')),
  },
  actions: {
    /** SPEC §7 raw URL of an office document, which a browser cannot show: saved to the device.
     * Runs inside the click's event, as a browser wants for a download or a window. */
    downloadDocument: (_, _params: { url: string }) => undefined,
    setFailure: assign({ failure: (_, params: { error: unknown }) => failureOf(params.error) }),
    setDetail: assign({ detail: ({ event }) => (event as unknown as { output: AttachmentDetail }).output }),
    restart: assign({ progress: null, content: null, playlistUrl: null, document: null, failure: null }),
  },
  guards: {
    isDocument: ({ event }) => ATTACHMENT_MEDIA[(event as unknown as { output: AttachmentDetail }).output.type] === 'document',
    hasStream: ({ event }) => {
      const detail = (event as unknown as { output: AttachmentDetail }).output;
      return detail.stream !== null && ATTACHMENT_MEDIA[detail.type] === 'video';
    },
    isTampered: ({ event }) => failureOf((event as unknown as { error: unknown }).error).reason === 'tampered',
    isNotFound: ({ event }) => failureOf((event as unknown as { error: unknown }).error).reason === 'not_found',
    documentFresh: ({ context, event }) => {
      assertEvent(event, 'document.open');
      return context.document !== null && event.now < context.document.expiresAt - SIGNED_URL_MARGIN_MS;
    },
  },
}).createMachine({
  id: 'attachmentViewer',
  context: ({ input }) => ({
    attachmentId: input.attachmentId,
    detail: null,
    progress: null,
    content: null,
    playlistUrl: null,
    document: null,
    failure: null,
  }),
  initial: 'loadingMetadata',
  states: {
    loadingMetadata: {
      tags: ['loading'],
      invoke: {
        id: 'loadAttachment',
        src: 'loadAttachment',
        input: ({ context }) => ({ attachmentId: context.attachmentId }),
        onDone: [
          { guard: 'isDocument', target: 'document', actions: 'setDetail' },
          { guard: 'hasStream', target: 'preparingStream', actions: 'setDetail' },
          { target: 'downloading', actions: 'setDetail' },
        ],
        onError: [
          { guard: 'isNotFound', target: 'notFound' },
          { target: 'failed', actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    downloading: {
      tags: ['loading'],
      entry: assign({ progress: 0 }),
      invoke: { id: 'downloadAttachment', src: 'downloadAttachment', input: ({ context }) => ({ attachmentId: context.attachmentId }) },
      on: {
        'download.progress': {
          actions: assign({ progress: ({ event }) => (event.total > 0 ? Math.min(100, Math.floor((event.loaded / event.total) * 100)) : null) }),
        },
        'download.done': { target: 'decrypting', actions: assign({ progress: 100 }) },
        'download.failed': [
          { guard: 'isNotFound', target: 'notFound' },
          { target: 'failed', actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    decrypting: {
      tags: ['busy'],
      invoke: {
        id: 'decryptAttachment',
        src: 'decryptAttachment',
        input: ({ context, event }) => {
          assertEvent(event, 'download.done');
          return { bytes: event.bytes, detail: context.detail as AttachmentDetail };
        },
        onDone: { target: 'ready', actions: assign({ content: ({ event }) => event.output }) },
        onError: [
          { guard: 'isTampered', target: 'tampered' },
          { target: 'failed', actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    ready: {},
    preparingStream: {
      tags: ['loading'],
      invoke: {
        id: 'loadPlaylist',
        src: 'loadPlaylist',
        input: ({ context }) => ({ attachmentId: context.attachmentId, playlist: context.detail?.stream?.playlist ?? '' }),
        onDone: { target: 'streaming', actions: assign({ playlistUrl: ({ event }) => event.output }) },
        onError: [
          { guard: 'isNotFound', target: 'notFound' },
          { target: 'failed', actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    /** hls.js plays playlistUrl; its fatal errors come back as stream.failed. */
    streaming: {
      on: { 'stream.failed': { target: 'failed', actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) } } },
    },
    document: {
      initial: 'preparing',
      states: {
        preparing: {
          tags: ['loading'],
          invoke: {
            id: 'prepareDocument',
            src: 'prepareDocument',
            input: ({ context }) => ({ attachmentId: context.attachmentId }),
            onDone: { target: 'available', actions: assign({ document: ({ event }) => event.output }) },
            onError: { target: 'unavailable', actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        available: {
          on: {
            'document.open': [
              { guard: 'documentFresh', actions: { type: 'downloadDocument', params: ({ context }) => ({ url: context.document?.url ?? '' }) } },
              { target: 'refreshing' },
            ],
          },
        },
        /** The URL expired while the page stayed open: a new one, then the window. */
        refreshing: {
          tags: ['busy'],
          invoke: {
            id: 'prepareDocument',
            src: 'prepareDocument',
            input: ({ context }) => ({ attachmentId: context.attachmentId }),
            onDone: {
              target: 'available',
              actions: [assign({ document: ({ event }) => event.output }), { type: 'downloadDocument', params: ({ event }) => ({ url: event.output.url }) }],
            },
            onError: { target: 'unavailable', actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        unavailable: {
          on: { 'viewer.retry': { target: 'preparing', actions: 'restart' } },
        },
      },
    },
    failed: {
      on: { 'viewer.retry': { target: 'loadingMetadata', actions: 'restart' } },
    },
    /** The stored bytes fail the integrity check: never shown, and no retry replays it. */
    tampered: { tags: ['error'] },
    notFound: { tags: ['error'] },
  },
});
