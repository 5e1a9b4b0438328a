import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import type { AttachmentDetail } from '../../api/schemas/attachments.schema';
import { pdfDetail as baseDetail } from './attachment-viewer.fixtures';
import { attachmentViewerMachine, failureOf, SIGNED_URL_MARGIN_MS, type AttachmentViewerEvent, type SignedUrl, type ViewerContent } from './attachment-viewer.machine';
import { selectAttachmentViewerView } from './attachment-viewer.selectors';

const named = (name: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(name), { name, ...extra });
const flush = () => new Promise((r) => setTimeout(r, 0));

function start(detail: AttachmentDetail, over: Partial<Record<string, unknown>> = {}) {
  let sendBack: ((e: EventObject) => void) | null = null;
  const aborted = vi.fn();
  const opened: string[] = [];
  const decryptInputs: unknown[] = [];
  const actor = createActor(
    attachmentViewerMachine.provide({
      actors: {
        loadAttachment: fromPromise(async () => detail),
        downloadAttachment: fromCallback(({ sendBack: s }) => {
          sendBack = s;
          return aborted;
        }),
        decryptAttachment: fromPromise<ViewerContent, { bytes: ArrayBuffer; detail: AttachmentDetail }>(async ({ input }) => {
          decryptInputs.push(input);
          if (over.decryptError) throw over.decryptError;
          return { kind: 'pdf', bytes: new Uint8Array(input.bytes) };
        }),
        loadPlaylist: fromPromise(async () => 'blob:playlist'),
        prepareDocument: fromPromise<SignedUrl, { attachmentId: string }>(async () => ({ url: `/api/files/t${opened.length}`, expiresAt: 100_000 })),
        ...(over.actors as object),
      },
      actions: { downloadDocument: (_, params: { url: string }) => opened.push(params.url) },
    }),
    { input: { attachmentId: detail.id } },
  );
  actor.start();
  return { actor, send: (e: AttachmentViewerEvent) => sendBack?.(e), aborted, opened, decryptInputs, view: () => selectAttachmentViewerView(actor.getSnapshot()) };
}

describe('attachment-viewer machine', () => {
  it('downloads with progress, decrypts with the detail, and shows the PDF', async () => {
    const v = start(baseDetail);
    await flush();
    expect(v.view()).toMatchObject({ status: 'downloading', progress: 0 });
    v.send({ type: 'download.progress', loaded: 512, total: 2048 });
    expect(v.view().progress).toBe(25);
    v.send({ type: 'download.progress', loaded: 10, total: 0 });
    expect(v.view().progress).toBeNull();
    v.send({ type: 'download.done', bytes: new Uint8Array([37, 80, 68, 70]).buffer });
    expect(v.view().status).toBe('decrypting');
    await flush();
    expect(v.view()).toMatchObject({ status: 'ready', content: { kind: 'pdf' } });
    expect(v.decryptInputs[0]).toMatchObject({ detail: baseDetail });
    expect(v.aborted).toHaveBeenCalled(); // the download actor is stopped once done
  });

  it('a tampered file ends without a retry', async () => {
    const v = start(baseDetail, { decryptError: named('AttachmentTamperedError') });
    await flush();
    v.send({ type: 'download.done', bytes: new ArrayBuffer(32) });
    await flush();
    expect(v.view().status).toBe('tampered');
    v.actor.send({ type: 'viewer.retry' });
    expect(v.view().status).toBe('tampered');
  });

  it('a failed download offers a retry that starts again from the metadata', async () => {
    const v = start(baseDetail);
    await flush();
    v.send({ type: 'download.failed', error: named('ApiRequestError', { status: 0, message: 'The network is unavailable.' }) });
    expect(v.view()).toMatchObject({ status: 'failed', failureMessage: 'The network is unavailable.' });
    v.actor.send({ type: 'viewer.retry' });
    expect(v.view()).toMatchObject({ status: 'loading', failureMessage: null });
    await flush();
    expect(v.view().status).toBe('downloading');
  });

  it('a missing attachment is not found, with no retry', async () => {
    const v = start(baseDetail, { actors: { loadAttachment: fromPromise(async () => Promise.reject(named('ApiRequestError', { status: 404 }))) } });
    await flush();
    expect(v.view().status).toBe('notFound');
    expect(v.actor.getSnapshot().can({ type: 'viewer.retry' })).toBe(false);
  });

  it('a video with an HLS rendition streams its rewritten playlist; a fatal player error fails', async () => {
    const v = start({ ...baseDetail, type: 'mp4', stream: { playlist: 'index.m3u8' }, criteria: true });
    await flush();
    expect(v.view()).toMatchObject({ status: 'streaming', playlistUrl: 'blob:playlist' });
    v.actor.send({ type: 'stream.failed', error: new Error('fragLoadError') });
    expect(v.view()).toMatchObject({ status: 'failed', failureMessage: null });
  });

  it('an office document is opened by a fresh signed URL, renewed when it is about to expire', async () => {
    const v = start({ ...baseDetail, type: 'docx', encrypted: false, key: null, integrity: null });
    await flush();
    expect(v.view()).toMatchObject({ status: 'document', documentStatus: 'available' });
    v.actor.send({ type: 'document.open', now: 100_000 - SIGNED_URL_MARGIN_MS - 1 });
    expect(v.opened).toEqual(['/api/files/t0']);
    v.actor.send({ type: 'document.open', now: 100_000 - SIGNED_URL_MARGIN_MS });
    expect(v.view().documentStatus).toBe('refreshing');
    await flush();
    expect(v.opened).toEqual(['/api/files/t0', '/api/files/t1']);
    expect(v.view().documentStatus).toBe('available');
  });

  it('classifies failures by name and status only', () => {
    expect(failureOf(named('AttachmentTamperedError'))).toEqual({ reason: 'tampered', message: null });
    expect(failureOf(named('ApiRequestError', { status: 404, message: 'x' }))).toEqual({ reason: 'not_found', message: null });
    expect(failureOf(named('InvalidResponseError', { status: 200, message: 'Unexpected answer' }))).toEqual({ reason: 'failed', message: 'Unexpected answer' });
    // Raw exception text never reaches the screen.
    expect(failureOf(new TypeError('Failed to fetch'))).toEqual({ reason: 'failed', message: null });
    expect(failureOf(undefined)).toEqual({ reason: 'failed', message: null });
  });
});
