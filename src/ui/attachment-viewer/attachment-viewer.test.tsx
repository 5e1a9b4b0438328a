import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { documentDetail, pdfDetail, streamDetail, videoDetail, audioDetail, imageDetail } from '../../machines/attachment-viewer/attachment-viewer.fixtures';
import { renderWithI18n } from '../testing/render-with-i18n';
import { AttachmentViewer, type AttachmentViewerProps } from './attachment-viewer';
import { viewerAt } from './attachment-viewer-story-states';
import { AttachmentTypeIcon } from './attachment-type-icon';
import type { MediaHandle } from './use-media-events';

vi.mock('./hls-player', () => ({ attachHls: vi.fn(() => ({ destroy: vi.fn() })) }));

function show(props: Partial<AttachmentViewerProps> & Pick<AttachmentViewerProps, 'view'>, lang: 'en' | 'cn' | 'zh' = 'en') {
  const onRetry = vi.fn();
  const onOpenDocument = vi.fn();
  renderWithI18n(<AttachmentViewer onRetry={onRetry} onOpenDocument={onOpenDocument} {...props} />, lang);
  return { onRetry, onOpenDocument };
}

describe('AttachmentViewer states', () => {
  it('shows the download progress', () => {
    show({ view: viewerAt('downloading', pdfDetail, { progress: 42 }) });
    expect(screen.getByText('Downloading… 42%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '42');
    expect(screen.getByRole('heading', { name: 'Product guide' })).toBeInTheDocument();
  });

  it('shows decrypting', () => {
    show({ view: viewerAt('decrypting', pdfDetail) });
    expect(screen.getByText('Checking and decrypting the file…')).toBeInTheDocument();
  });

  it('a tampered file: a clear message and no retry, in every language', () => {
    show({ view: viewerAt('tampered', videoDetail) }, 'zh');
    expect(screen.getByRole('alert')).toHaveTextContent('此檔案在發佈後已被更改');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a failure shows the translated server message and retries', async () => {
    const { onRetry } = show({ view: viewerAt('failed', pdfDetail, { failure: { reason: 'failed', message: 'The network is unavailable.' } }) });
    expect(screen.getByRole('alert')).toHaveTextContent('The network is unavailable.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('a failure without a message shows the generic text', () => {
    show({ view: viewerAt('failed', null, { failure: { reason: 'failed', message: null } }) }, 'cn');
    expect(screen.getByRole('alert')).toHaveTextContent('无法加载附件。');
  });

  it('not found has no retry', () => {
    show({ view: viewerAt('notFound', null) });
    expect(screen.getByRole('alert')).toHaveTextContent('This attachment no longer exists.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a like button shows the like and the count and toggles (SPEC §7 like/unlike)', async () => {
    const onToggleLike = vi.fn();
    const like = { liked: false, likes: 12, saving: false, failed: false };
    show({ view: viewerAt('decrypting', pdfDetail), like, onToggleLike });
    const button = screen.getByRole('button', { name: /Like/ });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('attachment-like-count')).toHaveTextContent('12');
    await userEvent.click(button);
    expect(onToggleLike).toHaveBeenCalledOnce();
  });

  it('a liked attachment, a like being saved and a refused one, in the learner language', () => {
    show({ view: viewerAt('decrypting', pdfDetail), like: { liked: true, likes: 13, saving: true, failed: false }, onToggleLike: vi.fn() }, 'zh');
    const button = screen.getByTestId('attachment-like');
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(button).toHaveTextContent('已讚好');
    expect(button).toBeDisabled();
    show({ view: viewerAt('decrypting', pdfDetail), like: { liked: false, likes: 12, saving: false, failed: true }, onToggleLike: vi.fn() }, 'cn');
    expect(screen.getByRole('alert')).toHaveTextContent('未能保存你的点赞，请重试。');
  });

  it('no like button before the details are known', () => {
    show({ view: viewerAt('decrypting', pdfDetail), like: null, onToggleLike: vi.fn() });
    expect(screen.queryByTestId('attachment-like')).toBeNull();
  });

  it('an office document, which a browser cannot show, is offered as a Download (not "Open in a new window")', async () => {
    const { onOpenDocument } = show({ view: viewerAt({ document: 'available' }, documentDetail) });
    expect(screen.getByText(/Download the file to keep it or to open it with an office app/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open in a new window' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(onOpenDocument).toHaveBeenCalledOnce();
    expect(screen.getByRole('img', { name: 'Word document' })).toBeInTheDocument();
  });

  it('an office document whose link failed offers a retry', async () => {
    const { onRetry } = show({ view: viewerAt({ document: 'unavailable' }, documentDetail, { failure: { reason: 'failed', message: null } }) });
    expect(screen.getByRole('alert')).toHaveTextContent('The file could not be prepared.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('a preparing document cannot be opened yet', () => {
    show({ view: viewerAt({ document: 'preparing' }, documentDetail) });
    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
  });

  it('shows an image and an audio player from their URLs', () => {
    show({ view: viewerAt('ready', imageDetail, { content: { kind: 'image', mime: 'image/png', url: 'data:image/png;base64,AA==' } }) });
    expect(screen.getByRole('img', { name: 'Org chart' })).toHaveAttribute('src', 'data:image/png;base64,AA==');
    show({ view: viewerAt('ready', audioDetail, { content: { kind: 'audio', mime: 'audio/mpeg', url: 'blob:x' } }) });
    expect(screen.getByTestId('attachment-audio')).toHaveAttribute('src', 'blob:x');
  });
});

describe('VideoPlayerView through the viewer', () => {
  it('reports media events and lets the page play, pause and seek', async () => {
    const media = { onLoaded: vi.fn(), onTime: vi.fn(), onSeeking: vi.fn(), onPlay: vi.fn(), onPause: vi.fn(), onEnded: vi.fn() };
    const ref = createRef<MediaHandle>();
    show({ view: viewerAt('ready', videoDetail, { content: { kind: 'video', mime: 'video/mp4', url: 'blob:v' } }), media, mediaRef: ref });
    const video = screen.getByTestId('attachment-video') as HTMLVideoElement;
    expect(video).toHaveAttribute('src', 'blob:v');
    expect(video).toHaveAccessibleName('Video: Needs-based selling');
    Object.defineProperty(video, 'duration', { value: 4, configurable: true });
    fireEvent(video, new Event('loadedmetadata'));
    expect(media.onLoaded).toHaveBeenCalledWith(4);
    video.currentTime = 1.5;
    fireEvent(video, new Event('timeupdate'));
    expect(media.onTime).toHaveBeenLastCalledWith(1.5);
    fireEvent(video, new Event('seeking'));
    expect(media.onSeeking).toHaveBeenLastCalledWith(1.5);
    for (const [name, cb] of [['play', media.onPlay], ['pause', media.onPause], ['ended', media.onEnded]] as const) {
      fireEvent(video, new Event(name));
      expect(cb).toHaveBeenCalledOnce();
    }
    const play = vi.spyOn(video, 'play').mockResolvedValue(undefined);
    const pause = vi.spyOn(video, 'pause').mockImplementation(() => undefined);
    await ref.current?.play();
    ref.current?.pause();
    ref.current?.seek(0.5);
    expect(play).toHaveBeenCalledOnce();
    expect(pause).toHaveBeenCalledOnce();
    expect(video.currentTime).toBe(0.5);
  });

  it('a refused seek shows the notice', () => {
    show({ view: viewerAt('ready', videoDetail, { content: { kind: 'video', mime: 'video/mp4', url: 'blob:v' } }), seekingRefused: true });
    expect(screen.getByTestId('seeking-refused')).toHaveTextContent('skipping ahead is not allowed');
  });

  it('streams through the lazily loaded hls helper with the API headers', async () => {
    const { attachHls } = await import('./hls-player');
    const headers = () => ({ Authorization: 'Bearer t' });
    const onStreamError = vi.fn();
    show({ view: viewerAt('streaming', streamDetail, { playlistUrl: 'blob:playlist' }), hlsHeaders: headers, onStreamError });
    const video = screen.getByTestId('attachment-video');
    expect(video).not.toHaveAttribute('src');
    await waitFor(() => expect(attachHls).toHaveBeenCalled());
    const [element, url, options] = vi.mocked(attachHls).mock.calls[0];
    expect(element).toBe(video);
    expect(url).toBe('blob:playlist');
    expect(options.headers()).toEqual({ Authorization: 'Bearer t' });
    options.onFatal(new Error('keyLoadError'));
    expect(onStreamError).toHaveBeenCalledOnce();
  });
});

describe('the finish, as the learner sees it (issue 11 §2)', () => {
  it('a refused finish shows the server’s reason and a way to try again, never only a console error', async () => {
    const onRetry = vi.fn();
    show({ view: viewerAt('streaming', streamDetail), finish: { sending: false, problem: { kind: 'refused', reason: 'Please watch the video to its end first.' }, onRetry } });
    expect(screen.getByTestId('finish-failed')).toHaveTextContent('This item could not be marked as finished: Please watch the video to its end first.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('time that could not be sent is said so, in every language; sending shows a status', () => {
    show({ view: viewerAt('streaming', streamDetail), finish: { sending: false, problem: { kind: 'time_not_sent' }, onRetry: vi.fn() } }, 'zh');
    expect(screen.getByRole('alert')).toHaveTextContent('您的觀看時間暫時無法傳送');
    show({ view: viewerAt('streaming', streamDetail), finish: { sending: true, problem: null, onRetry: vi.fn() } }, 'cn');
    expect(screen.getByTestId('finish-sending')).toHaveTextContent('正在保存您的观看时间…');
  });
});

describe('AttachmentTypeIcon', () => {
  it.each([
    ['docx', 'Word document'],
    ['xlsx', 'Excel workbook'],
    ['pptx', 'PowerPoint presentation'],
    ['png', 'PNG image'],
    ['jpeg', 'JPEG image'],
    ['mp3', 'MP3 audio'],
    ['mp4', 'MP4 video'],
    ['pdf', 'PDF document'],
  ] as const)('%s is named %s', (type, name) => {
    renderWithI18n(<AttachmentTypeIcon type={type} />);
    expect(screen.getByRole('img', { name })).toHaveTextContent(type.toUpperCase());
  });
});
