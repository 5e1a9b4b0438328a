import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { attachmentLikeMachine, type AttachmentLikeContext } from '../../machines/attachment-like/attachment-like.machine';
import { selectAttachmentLikeView } from '../../machines/attachment-like/attachment-like.selectors';
import docxUrl from '../../../server/db/fixtures/media/document.docx?url';
import xlsxUrl from '../../../server/db/fixtures/media/spreadsheet.xlsx?url';
import { audioDetail, documentDetail, imageDetail, pdfDetail, streamDetail, videoDetail } from '../../machines/attachment-viewer/attachment-viewer.fixtures';
import { AttachmentViewer } from './attachment-viewer';
import { viewerAt } from './attachment-viewer-story-states';
import { samplePdf } from './story-pdf';
import videoUrl from './story-sample.mp4?url';
import audioUrl from './story-sample.mp3?url';
import { machineDiagramStory } from '../testing/machine-diagram';

const orgChart = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="240"><rect width="480" height="240" fill="#eef2f7"/><rect x="190" y="20" width="100" height="40" fill="#2b579a"/><rect x="60" y="150" width="100" height="40" fill="#217346"/><rect x="320" y="150" width="100" height="40" fill="#217346"/><path d="M240 60v45H110v45M240 105h130v45" stroke="#333" fill="none"/></svg>',
)}`;

/** The like button as the attachment-like machine shows it in a state. */
const likeAt = (value: 'idle' | 'saving', context: Partial<AttachmentLikeContext> = {}) =>
  selectAttachmentLikeView(attachmentLikeMachine.resolveState({ value, context: { attachmentId: '1', liked: false, likes: 12, failed: false, ...context } }));

/** Every state of the attachment viewer, built from the attachment-viewer machine's states. */
const meta = {
  title: 'Learning/AttachmentViewer',
  component: AttachmentViewer,
  args: { view: viewerAt('loadingMetadata', null), onToggleLike: fn(), onRetry: fn(), onOpenDocument: fn(), onPdfPage: fn(), onStreamError: fn(), media: { onPlay: fn(), onPause: fn(), onEnded: fn() } },
} satisfies Meta<typeof AttachmentViewer>;
export default meta;
type Story = StoryObj<typeof meta>;

export const LoadingMetadata: Story = {};
export const Downloading: Story = { args: { view: viewerAt('downloading', videoDetail, { progress: 42 }) } };
/** The server did not say how large the file is. */
export const DownloadingSizeUnknown: Story = { args: { view: viewerAt('downloading', videoDetail, { progress: null }) } };
export const Decrypting: Story = { args: { view: viewerAt('decrypting', pdfDetail) } };
export const ReadyPdf: Story = { args: { view: viewerAt('ready', pdfDetail, { content: { kind: 'pdf', bytes: samplePdf(3) } }) } };
export const ReadyVideo: Story = { args: { view: viewerAt('ready', videoDetail, { content: { kind: 'video', mime: 'video/mp4', url: videoUrl } }) } };
/** SPEC §9: seeking ahead of what was played is refused for a video. */
export const SeekingRefused: Story = { args: { ...ReadyVideo.args, seekingRefused: true } };
export const ReadyAudio: Story = { args: { view: viewerAt('ready', audioDetail, { content: { kind: 'audio', mime: 'audio/mpeg', url: audioUrl } }) } };
export const ReadyImage: Story = { args: { view: viewerAt('ready', imageDetail, { content: { kind: 'image', mime: 'image/svg+xml', url: orgChart } }) } };
/** HLS: without the server the player reports a stream error (onStreamError). */
export const Streaming: Story = { args: { view: viewerAt('streaming', streamDetail, { playlistUrl: 'blob:not-a-playlist' }) } };
export const DocumentPreparing: Story = { args: { view: viewerAt({ document: 'preparing' }, documentDetail) } };
export const DocumentAvailable: Story = { args: { view: viewerAt({ document: 'available' }, documentDetail, { document: { url: '/api/files/t', expiresAt: 0 } }) } };
/** The signed URL expired while the page was open: a new one is on its way. */
/** Issue 43 §23: a Word file and an Excel workbook previewed from the demo's own fixtures; PowerPoint stays a download. */
const held = { document: { url: '/api/files/t', expiresAt: 0 } };
const fixture = (url: string) => () => fetch(url).then((r) => r.arrayBuffer());
export const DocumentWordPreview: Story = { args: { view: viewerAt({ document: 'available' }, documentDetail, held), loadDocument: fixture(docxUrl) } };
export const DocumentExcelPreview: Story = {
  args: { view: viewerAt({ document: 'available' }, { ...documentDetail, type: 'xlsx', name: 'Term Life Premium Table' }, held), loadDocument: fixture(xlsxUrl) },
};
export const DocumentPowerPointNoPreview: Story = { args: { view: viewerAt({ document: 'available' }, { ...documentDetail, type: 'pptx', name: 'Consultative Selling' }, held) } };
export const DocumentRefreshing: Story = { args: { view: viewerAt({ document: 'refreshing' }, documentDetail) } };
export const DocumentUnavailable: Story = {
  args: { view: viewerAt({ document: 'unavailable' }, documentDetail, { failure: { reason: 'failed', message: null } }) },
};
/** The stored bytes fail the integrity check: refused, no retry. */
export const Tampered: Story = { args: { view: viewerAt('tampered', videoDetail) } };
export const Failed: Story = { args: { view: viewerAt('failed', pdfDetail, { failure: { reason: 'failed', message: 'The network is unavailable. Check your connection.' } }) } };
export const FailedGeneric: Story = { args: { view: viewerAt('failed', null, { failure: { reason: 'failed', message: null } }) } };
export const NotFound: Story = { args: { view: viewerAt('notFound', null) } };

/** SPEC §7 like/unlike, in the header of any state with details. */
export const LikeNotLiked: Story = { args: { ...ReadyImage.args, like: likeAt('idle') } };
export const LikeLiked: Story = { args: { ...ReadyImage.args, like: likeAt('idle', { liked: true, likes: 13 }) } };
/** The like shows at once; the button waits for the server. */
export const LikeSaving: Story = { args: { ...ReadyImage.args, like: likeAt('saving', { liked: true, likes: 13 }) } };
/** The server refused: the like and the count are back as they were, with a message. */
export const LikeFailed: Story = { args: { ...ReadyImage.args, like: likeAt('idle', { failed: true }) } };

// The machine behind these stories (docs/machines/, generated from its definition).
export const AttachmentViewerDiagram = machineDiagramStory('attachment-viewer');
export const VideoPlayerDiagram = machineDiagramStory('video-player');
export const AttachmentLikeDiagram = machineDiagramStory('attachment-like');
