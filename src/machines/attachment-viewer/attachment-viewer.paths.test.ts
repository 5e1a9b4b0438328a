import { describe, expect, it } from 'vitest';
import { fromCallback, type AnyMachineSnapshot } from 'xstate';
import { attachmentViewerMachine, SIGNED_URL_MARGIN_MS } from './attachment-viewer.machine';
import { selectAttachmentViewerView } from './attachment-viewer.selectors';
import { documentDetail, pdfDetail, streamDetail, videoDetail } from './attachment-viewer.fixtures';
import { modelPaths, replayRuns, uncoveredByRuns } from '../testing/model-coverage';

// The download is a callback actor: its events are sent as plain events by the paths.
const machine = attachmentViewerMachine.provide({ actors: { downloadAttachment: fromCallback(() => undefined) } });
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

function checkInvariants(live: AnyMachineSnapshot) {
  const view = selectAttachmentViewerView(live as Parameters<typeof selectAttachmentViewerView>[0]);
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

describe('attachment-viewer machine, model-based', () => {
  it(`replays ${paths.length} generated paths; every state and transition is covered`, async () => {
    const result = await replayRuns(machine, [{ input, paths }], { actorIds, check: (live) => checkInvariants(live) });
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  }, 60_000);

  it('would notice a state no path reaches', async () => {
    const partial = modelPaths(machine, events.filter((e) => e.type !== 'stream.failed'), { input, simplePaths: false });
    const missing = await uncoveredByRuns(machine, [{ input, paths: partial }], actorIds);
    expect(missing.transitions.some((t) => t.includes('stream.failed'))).toBe(true);
  });
});
