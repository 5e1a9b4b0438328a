import { describe, expect, it } from 'vitest';
import { fromCallback, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { attachmentViewerMachine, SIGNED_URL_MARGIN_MS, type SignedUrl } from './attachment-viewer.machine';
import { selectAttachmentViewerView, type AttachmentViewerSnapshot } from './attachment-viewer.selectors';
import { documentDetail, pdfDetail, streamDetail, videoDetail } from './attachment-viewer.fixtures';
import type { AttachmentDetail } from '../../api/schemas/attachments.schema';
import { modelPaths, replayRuns, uncoveredByRuns, type Oracle, type OracleEvent } from '../testing/model-coverage';

// The download is a callback actor: its events are sent as plain events by the paths.
// Every URL handed to the browser (SPEC §7: an office document is downloaded by its signed URL).
let downloads: string[] = [];
const machine = attachmentViewerMachine.provide({
  actors: { downloadAttachment: fromCallback(() => undefined) },
  actions: { downloadDocument: (_, { url }) => void downloads.push(url) },
});
const actorIds = ['loadAttachment', 'decryptAttachment', 'loadPlaylist', 'prepareDocument'];
const named = (name: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(name), { name, ...extra });
const signed = { url: '/api/files/t', expiresAt: 100_000 };

const events = [
  ...[pdfDetail, videoDetail, streamDetail, documentDetail].map((output) => ({ type: 'xstate.done.actor.loadAttachment', output })),
  { type: 'xstate.error.actor.loadAttachment', error: named('ApiRequestError', { status: 404 }) },
  { type: 'xstate.error.actor.loadAttachment', error: named('ApiRequestError', { status: 0, message: 'No connection.' }) },
  { type: 'download.progress', loaded: 1, total: 4 },
  { type: 'download.done', bytes: new ArrayBuffer(32) },
  { type: 'download.failed', error: named('ApiRequestError', { status: 404 }) },
  { type: 'download.failed', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.decryptAttachment', output: { kind: 'pdf', bytes: new Uint8Array([37]) } },
  { type: 'xstate.error.actor.decryptAttachment', error: named('AttachmentTamperedError') },
  { type: 'xstate.error.actor.decryptAttachment', error: named('AttachmentDecryptError') },
  { type: 'xstate.done.actor.loadPlaylist', output: 'blob:playlist' },
  { type: 'xstate.error.actor.loadPlaylist', error: named('ApiRequestError', { status: 404 }) },
  { type: 'xstate.error.actor.loadPlaylist', error: named('ApiRequestError', { status: 500, message: 'Server error.' }) },
  { type: 'stream.failed', error: new Error('fatal') },
  { type: 'stream.failed', error: named('ApiRequestError', { status: 500, message: 'Stream unavailable.' }) },
  { type: 'xstate.done.actor.prepareDocument', output: signed },
  { type: 'xstate.error.actor.prepareDocument', error: named('ApiRequestError', { status: 403, message: 'Forbidden.' }) },
  { type: 'xstate.done.actor.prepareDocument', output: { ...signed, expiresAt: 900_000 } },
  { type: 'xstate.error.actor.prepareDocument', error: new Error('offline') },
  { type: 'document.open', now: 0 },
  { type: 'document.open', now: 100_000 - SIGNED_URL_MARGIN_MS },
  { type: 'viewer.retry' },
];

const input = { attachmentId: '7' };
const paths = modelPaths(machine, events, { input, simplePaths: false });

// The metadata last loaded on this path (SPEC §7: the viewer names the file and picks its way by it),
// and the signed URL last prepared for a document.
let loaded: AttachmentDetail | null = null;
let prepared: SignedUrl | null = null;
let lastError: string | null = null;
const fresh = (now: number) => prepared !== null && now < prepared.expiresAt - SIGNED_URL_MARGIN_MS;

function checkInvariants(live: AnyMachineSnapshot, step: { event: EventObject & { output?: unknown }; before: AnyMachineSnapshot }, calls: (id: string) => unknown[]) {
  const { event } = step;
  const view = selectAttachmentViewerView(live as Parameters<typeof selectAttachmentViewerView>[0]);
  if (event.type === 'xstate.done.actor.loadAttachment') loaded = event.output as AttachmentDetail;
  // A fresh URL opens at once; a new one opens as soon as it comes (inside the same click's flow).
  const opened = downloads.splice(0);
  const refreshed = event.type === 'xstate.done.actor.prepareDocument' && step.before.matches({ document: 'refreshing' });
  const openedAtOnce = event.type === 'document.open' && fresh((event as unknown as { now: number }).now);
  if (event.type === 'xstate.done.actor.prepareDocument') prepared = event.output as SignedUrl;
  // The URL a document opens with is the one last prepared (a later open judges its freshness).
  if (live.matches({ document: 'available' })) expect(live.context.document).toEqual(prepared);
  expect(opened).toEqual(refreshed || openedAtOnce ? [prepared!.url] : []);
  // A failure shows the server's (translated) words of the error that caused it, else the view's own text.
  const error = (event as { error?: { name?: string; status?: number; message?: string } }).error;
  if (error) lastError = error.name === 'ApiRequestError' && error.status !== 404 ? (error.message ?? null) : null;
  if (live.matches('failed') || live.matches({ document: 'unavailable' })) expect(view.failureMessage).toBe(lastError);
  // The download's progress, in whole percent.
  if (event.type === 'download.progress') expect(view.progress).toBe(25);
  // Once loaded, the view shows that attachment's metadata (its name and type), retries included.
  expect(view.detail).toEqual(loaded);
  // The next step gets what the metadata says: the playlist of its stream, the detail to decrypt with.
  if (live.matches('preparingStream')) expect(calls('loadPlaylist').at(-1)).toEqual({ attachmentId: '7', playlist: loaded?.stream?.playlist });
  if (live.matches('decrypting')) expect((calls('decryptAttachment').at(-1) as { detail: unknown }).detail).toEqual(loaded);
  expect(view.content !== null).toBe(live.matches('ready'));
  expect(view.playlistUrl !== null).toBe(live.matches('streaming'));
  expect(view.documentStatus !== null).toBe(live.matches('document'));
  if (live.matches('downloading')) expect(view.progress === null || (view.progress >= 0 && view.progress <= 100)).toBe(true);
  // A tampered file is never retried; not found neither.
  if (live.matches('tampered') || live.matches('notFound')) expect(live.can({ type: 'viewer.retry' })).toBe(false);
  if (live.matches('failed')) expect(live.can({ type: 'viewer.retry' })).toBe(true);
  // Raw exception text never reaches the view.
  expect(JSON.stringify(view)).not.toMatch(/Failed to fetch|fatal|offline/);
}

// The oracle, from SPEC §7 "Attachments" (viewer: metadata, then a stream, an office document or
// the encrypted download; a tampered or missing file has no retry), not read off the machine.
const errorOf = (e: OracleEvent) => (e.error ?? {}) as { name?: string; status?: number };
const missingOr = (other: string) => (e: OracleEvent) => (errorOf(e).status === 404 ? 'notFound' : other);
const byKind = (e: OracleEvent) => {
  const detail = e.output as AttachmentDetail;
  if (['docx', 'xlsx', 'pptx'].includes(detail.type)) return 'document.preparing';
  return detail.stream && detail.type === 'mp4' ? 'preparingStream' : 'downloading';
};
const oracle: Oracle<AttachmentViewerSnapshot> = {
  table: {
    loadingMetadata: { 'xstate.done.actor.loadAttachment': byKind, 'xstate.error.actor.loadAttachment': missingOr('failed') },
    downloading: { 'download.progress': 'downloading', 'download.done': 'decrypting', 'download.failed': missingOr('failed') },
    decrypting: {
      'xstate.done.actor.decryptAttachment': 'ready',
      // A file that fails its integrity check is never shown, and not retried.
      'xstate.error.actor.decryptAttachment': (e) => (errorOf(e).name === 'AttachmentTamperedError' ? 'tampered' : 'failed'),
    },
    ready: {},
    preparingStream: { 'xstate.done.actor.loadPlaylist': 'streaming', 'xstate.error.actor.loadPlaylist': missingOr('failed') },
    streaming: { 'stream.failed': 'failed' },
    'document.preparing': { 'xstate.done.actor.prepareDocument': 'document.available', 'xstate.error.actor.prepareDocument': 'document.unavailable' },
    // A signed URL is handed over only with more than its margin left; else a new one first.
    'document.available': {
      // (Freshness of the URL this path prepared last, not of the machine's context.)
      'document.open': (e) => (fresh(e.now as number) ? 'document.available' : 'document.refreshing'),
    },
    'document.refreshing': { 'xstate.done.actor.prepareDocument': 'document.available', 'xstate.error.actor.prepareDocument': 'document.unavailable' },
    'document.unavailable': { 'viewer.retry': 'document.preparing' },
    failed: { 'viewer.retry': 'loadingMetadata' },
    tampered: {},
    notFound: {},
  },
  // The Retry button (a failure, or a document that could not be prepared) and the document's
  // download button (enabled once a signed URL is there).
  offers: (s) => {
    const view = selectAttachmentViewerView(s);
    return { 'viewer.retry': view.status === 'failed' || view.documentStatus === 'unavailable', 'document.open': view.documentStatus === 'available' };
  },
};

describe('attachment-viewer machine, model-based', () => {
  it(`replays ${paths.length} generated paths against the spec table; every state and transition is covered`, async () => {
    const result = await replayRuns(machine, [{ input, paths }], {
      actorIds,
      events,
      oracle: oracle as Oracle,
      onPathStart: () => {
        loaded = null;
        prepared = null;
        lastError = null;
        downloads = [];
      },
      check: (live, step, calls) => checkInvariants(live, step, calls),
    });
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  }, 60_000);

  it('would notice a state no path reaches', async () => {
    const partial = modelPaths(machine, events.filter((e) => e.type !== 'stream.failed'), { input, simplePaths: false });
    const missing = await uncoveredByRuns(machine, [{ input, paths: partial }], actorIds);
    expect(missing.transitions.some((t) => t.includes('stream.failed'))).toBe(true);
  });
});
