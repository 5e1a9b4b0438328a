import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, sendTo, setup, type AnyActorRef, type EventObject } from 'xstate';
import type { AttachmentDetail } from '../../api/schemas/attachments.schema';
import { attachmentViewerMachine, type SignedUrl, type ViewerContent } from '../attachment-viewer/attachment-viewer.machine';
import { audioDetail, documentDetail, imageDetail, pdfDetail, streamDetail, videoDetail } from '../attachment-viewer/attachment-viewer.fixtures';
import { attachmentLikeMachine } from '../attachment-like/attachment-like.machine';
import type { VideoProgress } from '../video-player/video-player.machine';
import { lessonAttachmentMachine, type LessonAttachmentEvent, type MediaResourcesEvent } from './lesson-attachment.machine';
import { selectSeekingRefused } from './lesson-attachment.selectors';

// SPEC §7/§9 completion per attachment type, run by the attachment machine: what reaches the
// lesson (attachment.complete / attachment.page), what reaches the player, and what the page lends.

const settle = () => new Promise<void>((r) => setTimeout(r, 0));
const contentOf = (detail: AttachmentDetail): ViewerContent =>
  detail.type === 'pdf' ? { kind: 'pdf', bytes: new Uint8Array(1) } : { kind: detail.type === 'png' ? 'image' : detail.type === 'mp3' ? 'audio' : 'video', mime: 'x/y', url: `blob:${detail.id}` };

function start(detail: AttachmentDetail, { finishes = true, resume = null }: { finishes?: boolean; resume?: VideoProgress | null | Error } = {}) {
  const toParent: string[] = [];
  const pages: number[] = [];
  const playerMedia: string[] = [];
  const seeks: number[] = [];
  const kept: Array<VideoProgress | null> = [];
  const lent: MediaResourcesEvent[] = [];
  const documents: string[] = [];
  const logic = lessonAttachmentMachine.provide({
    actors: {
      viewer: attachmentViewerMachine.provide({
        actors: {
          loadAttachment: fromPromise(async () => detail),
          downloadAttachment: fromCallback(({ sendBack }) => {
            sendBack({ type: 'download.done', bytes: new ArrayBuffer(1) });
          }),
          decryptAttachment: fromPromise(async () => contentOf(detail)),
          loadPlaylist: fromPromise(async () => 'blob:playlist'),
          prepareDocument: fromPromise<SignedUrl, { attachmentId: string }>(async () => ({ url: '/api/files/t', expiresAt: Date.now() + 600_000 })),
        },
        actions: { downloadDocument: (_, { url }) => void documents.push(url) },
      }),
      like: attachmentLikeMachine.provide({ actors: { saveLike: fromPromise<void, { attachmentId: string; like: boolean }>(async () => undefined) } }),
      player: lessonAttachmentMachine.implementations.actors.player as never,
      readProgress: fromPromise(async () => {
        if (resume instanceof Error) throw resume;
        return resume;
      }),
      mediaResources: fromCallback<EventObject, { attachmentId: string }>(({ receive }) => {
        receive((event) => void lent.push(event as MediaResourcesEvent));
      }),
    },
    actions: {
      seekMedia: (_, { position }) => void seeks.push(position),
      keepProgress: (_, { progress }) => void kept.push(progress),
    },
  });
  // The lesson, as far as the attachment sees it: a parent that hears what it says.
  const parent = setup({ actors: { attachment: logic } }).createMachine({
    invoke: { id: 'attachment', src: 'attachment', input: { attachmentId: detail.id, finishes, now: () => 1_000 } },
    on: {
      'attachment.complete': { actions: () => void toParent.push('complete') },
      'attachment.page': { actions: ({ event }) => void pages.push((event as unknown as { page: number }).page) },
      '*': { actions: sendTo('attachment', ({ event }) => event as never) },
    },
  });
  const actor = createActor(parent).start();
  const attachment = () => actor.getSnapshot().children.attachment as AnyActorRef;
  return {
    toParent,
    pages,
    playerMedia,
    seeks,
    kept,
    lent,
    documents,
    attachment,
    player: () => attachment().getSnapshot().children.player as AnyActorRef | undefined,
    viewer: () => attachment().getSnapshot().children.viewer as AnyActorRef,
    like: () => attachment().getSnapshot().children.like as AnyActorRef,
    async send(event: LessonAttachmentEvent) {
      attachment().send(event);
      await settle();
    },
  };
}

describe('lesson attachment: completion per type (SPEC §7, §9)', () => {
  it('an image is complete once shown, once', async () => {
    const h = start(imageDetail);
    await settle();
    await settle();
    expect(h.toParent).toEqual(['complete']);
    await h.send({ type: 'like.toggle' });
    expect(h.toParent).toEqual(['complete']);
  });

  it('a document is complete once opened (the click sends document.open with the clock)', async () => {
    const h = start(documentDetail);
    await settle();
    await settle();
    expect(h.toParent).toEqual([]);
    await h.send({ type: 'document.open' });
    expect(h.toParent).toEqual(['complete']);
    expect(h.documents).toEqual(['/api/files/t']);
  });

  it('a PDF tells every page shown (the record) and is complete at its last page only', async () => {
    const h = start(pdfDetail);
    await settle();
    await settle();
    await h.send({ type: 'pdf.page', page: 2, pageCount: 3 });
    expect(h.toParent).toEqual([]);
    await h.send({ type: 'pdf.page', page: 3, pageCount: 3 });
    expect(h.pages).toEqual([2, 3]);
    expect(h.toParent).toEqual(['complete']);
  });

  it('a page count of 0 (not known yet) completes nothing', async () => {
    const h = start(pdfDetail);
    await settle();
    await settle();
    await h.send({ type: 'pdf.page', page: 1, pageCount: 0 });
    expect(h.toParent).toEqual([]);
  });

  it('the last page of something that is not a PDF completes nothing', async () => {
    const h = start(imageDetail);
    await settle();
    await settle();
    h.toParent.length = 0;
    await h.send({ type: 'pdf.page', page: 1, pageCount: 1 });
    expect(h.toParent).toEqual([]);
  });

  it('audio is complete at its end', async () => {
    const h = start(audioDetail);
    await settle();
    await settle();
    await h.send({ type: 'audio.ended' });
    expect(h.toParent).toEqual(['complete']);
  });

  it("a video is complete when the player's criteria are met (watched to the end)", async () => {
    const h = start(videoDetail);
    await settle();
    await settle();
    await h.send({ type: 'media.loaded', duration: 4 });
    await h.send({ type: 'user.play' });
    for (const position of [1, 2, 3, 4]) await h.send({ type: 'media.time', position });
    await h.send({ type: 'media.ended' });
    expect(h.toParent).toEqual(['complete']);
  });

  it('a material (finishes: false) completes nothing and tells no page', async () => {
    const h = start(pdfDetail, { finishes: false });
    await settle();
    await settle();
    await h.send({ type: 'pdf.page', page: 3, pageCount: 3 });
    await h.send({ type: 'audio.ended' });
    await h.send({ type: 'document.open' });
    expect(h.toParent).toEqual([]);
    expect(h.pages).toEqual([]);
  });
});

describe('lesson attachment: the player and the page', () => {
  it('a refused skip puts the media back and is shown until the learner plays again', async () => {
    const h = start(videoDetail);
    await settle();
    await settle();
    await h.send({ type: 'media.loaded', duration: 60 });
    await h.send({ type: 'media.seeking', position: 30 });
    expect(h.seeks).toEqual([0]);
    expect(selectSeekingRefused(h.attachment().getSnapshot())).toBe(true);
    await h.send({ type: 'user.play' });
    expect(selectSeekingRefused(h.attachment().getSnapshot())).toBe(false);
  });

  it('resumes where the last viewing got to, and keeps the progress as it goes', async () => {
    const h = start(videoDetail, { resume: { position: 20, maxPlayed: 25 } });
    await settle();
    await settle();
    expect(h.player()!.getSnapshot().context.resume).toEqual({ position: 20, maxPlayed: 25 });
    await h.send({ type: 'media.loaded', duration: 60 });
    expect(h.kept.at(-1)).toEqual({ position: 20, maxPlayed: 25 });
  });

  it('continual authentication pauses a playing video and plays it again after', async () => {
    const h = start(videoDetail);
    await settle();
    await settle();
    await h.send({ type: 'media.loaded', duration: 60 });
    await h.send({ type: 'user.play' });
    await h.send({ type: 'auth.video.pause' });
    expect(h.player()!.getSnapshot().value).toBe('paused');
    await h.send({ type: 'auth.video.resume' });
    expect(h.player()!.getSnapshot().value).toBe('playing');
  });

  it("hands the details' like and count to the like machine", async () => {
    const h = start({ ...pdfDetail, liked: true, likes: 4 });
    await settle();
    await settle();
    expect(h.like().getSnapshot().context).toMatchObject({ liked: true, likes: 4 });
    await h.send({ type: 'like.toggle' });
    expect(h.like().getSnapshot().context).toMatchObject({ liked: false, likes: 3 });
  });

  it('lends the shown content to the page (to release it when replaced or left)', async () => {
    const h = start(imageDetail);
    await settle();
    await settle();
    expect(h.lent.at(-1)).toEqual({ type: 'resources.content', content: contentOf(imageDetail), playlistUrl: null });
  });
});

describe('lesson attachment: what reaches the player and the viewer', () => {
  it("the learner's pause and the media's time reach the one player of the page", async () => {
    const h = start(videoDetail);
    await settle();
    await settle();
    const player = h.player()!;
    await h.send({ type: 'media.loaded', duration: 10 });
    await h.send({ type: 'user.play' });
    await h.send({ type: 'media.time', position: 1 });
    expect(h.player()).toBe(player);
    expect(player.getSnapshot()).toMatchObject({ value: 'playing', context: { position: 1, maxPlayed: 1 } });
    await h.send({ type: 'user.pause' });
    expect(h.player()).toBe(player);
    expect(player.getSnapshot().value).toBe('paused');
  });

  it('a stored progress that cannot be read still shows the player, from the start', async () => {
    const h = start(videoDetail, { resume: new Error('storage unavailable') });
    await settle();
    await settle();
    expect(h.player()?.getSnapshot()).toMatchObject({ value: 'loading', context: { resume: null } });
  });

  it("a stream's failure reaches the viewer, and so does the learner's retry", async () => {
    const h = start(streamDetail);
    await settle();
    await settle();
    expect(h.viewer().getSnapshot().value).toBe('streaming');
    await h.send({ type: 'stream.failed', error: new Error('fatal') });
    expect(h.viewer().getSnapshot().value).toBe('failed');
    await h.send({ type: 'viewer.retry' });
    await settle();
    expect(h.viewer().getSnapshot().value).toBe('streaming');
  });
});
