// Browser check (bench/decrypt-media-check.mjs): the client media modules against the real server,
// under the server's CSP: signed download, verify+decrypt in the worker, data/blob URL playback,
// tamper refusal, HLS through hls.js with the rewritten playlist, pdf.js with its worker.
import * as pdfjs from 'pdfjs-dist';
import pdfWorkerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { fetchStoredBytes, generateDownload, getAttachment, getStreamPlaylist } from '../src/api/attachments.api';
import { AttachmentTamperedError, decryptAttachment } from '../src/platform/attachment-crypto';
import { hlsRequestHeaders, rewritePlaylist, streamUrls } from '../src/api/attachments-stream';
import { setToken } from '../src/platform/storage/token-storage';
import { attachHls } from '../src/ui/attachment-viewer/hls-player';

const violations: string[] = [];
document.addEventListener('securitypolicyviolation', (e) => violations.push(`${e.violatedDirective} ${e.blockedURI}`));

async function signIn(): Promise<void> {
  await fetch('/api/app-config');
  const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
  const response = await fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf },
    body: JSON.stringify({ external_id: 'agent01', password: 'Learner2026' }),
  });
  if (!response.ok) throw new Error(`login ${response.status}`);
  setToken((await response.text()).trim());
}

const waitFor = (element: HTMLMediaElement, event: string, ms = 15_000) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} in ${ms} ms`)), ms);
    element.addEventListener(event, () => (clearTimeout(timer), resolve()), { once: true });
  });

async function run() {
  const out: Record<string, unknown> = {};
  await signIn();
  const materials = (await (await fetch('/api/materials?per_page=50', { headers: hlsRequestHeaders() })).json()) as { data: Array<{ id: string; type: string }> };
  const byType = (type: string) => materials.data.find((m) => m.type === type)?.id;
  out.types = materials.data.map((m) => m.type);
  const video = document.getElementById('video') as HTMLVideoElement;

  for (const type of ['mp4', 'mp3', 'png', 'pdf', 'docx']) {
    const id = byType(type);
    if (!id) {
      out[type] = 'no such material';
      continue;
    }
    const detail = await getAttachment(id);
    const { url } = await generateDownload(id);
    let last = 0;
    const bytes = await fetchStoredBytes(url, { onProgress: (p) => (last = p.loaded) });
    const tamperedCopy = bytes.slice(0);
    const result = await decryptAttachment({ bytes, key: detail.key, integrity: detail.integrity, type: detail.type, url });
    const entry: Record<string, unknown> = { encrypted: detail.encrypted, stream: detail.stream, kind: result.kind, progressBytes: last };
    if (result.kind === 'video' || result.kind === 'audio') {
      const media = result.kind === 'video' ? video : new Audio();
      media.src = result.url;
      await waitFor(media, 'loadedmetadata');
      entry.duration = media.duration;
      entry.url = result.url.slice(0, 30);
    } else if (result.kind === 'image') {
      const img = new Image();
      img.src = result.url;
      await img.decode();
      entry.size = `${img.naturalWidth}x${img.naturalHeight}`;
    } else if (result.kind === 'pdf') {
      pdfjs.GlobalWorkerOptions.workerSrc = pdfWorkerUrl;
      const doc = await pdfjs.getDocument({ data: result.bytes.slice() }).promise;
      entry.pages = doc.numPages;
      const page = await doc.getPage(1);
      const canvas = document.createElement('canvas');
      const viewport = page.getViewport({ scale: 1 });
      canvas.width = viewport.width;
      canvas.height = viewport.height;
      await page.render({ canvas, viewport }).promise;
      entry.rendered = true;
    } else entry.url = result.url;
    if (detail.encrypted) {
      new Uint8Array(tamperedCopy)[tamperedCopy.byteLength >> 1] ^= 1;
      entry.tamperedRefused = await decryptAttachment({ bytes: tamperedCopy, key: detail.key, integrity: detail.integrity, type: detail.type }).then(
        () => false,
        (e: unknown) => e instanceof AttachmentTamperedError,
      );
    }
    out[type] = entry;
  }

  const streamId = (await Promise.all(materials.data.filter((m) => m.type === 'mp4').map((m) => getAttachment(m.id)))).find((d) => d.stream)?.id;
  if (streamId) {
    const detail = await getAttachment(streamId);
    const text = await getStreamPlaylist(streamId, detail.stream!.playlist);
    const rewritten = rewritePlaylist(text, streamUrls(streamId));
    const playlistUrl = URL.createObjectURL(new Blob([rewritten], { type: 'application/vnd.apple.mpegurl' }));
    video.removeAttribute('src');
    video.load();
    let fatal: Error | null = null;
    const player = attachHls(video, playlistUrl, { headers: hlsRequestHeaders, onFatal: (e) => (fatal = e) });
    await waitFor(video, 'loadedmetadata');
    await video.play();
    const start = performance.now();
    while (video.currentTime < 1 && performance.now() - start < 15_000 && !fatal) await new Promise((r) => setTimeout(r, 100));
    out.hls = { currentTime: video.currentTime, duration: video.duration, fatal: fatal ? String(fatal) : null, playlist: rewritten.split('\n').filter((l) => /KEY|stream\?uri/.test(l)).slice(0, 2) };
    player.destroy();
  } else out.hls = 'no streamed video';
  out.violations = violations;
  return out;
}

declare global {
  interface Window {
    runMediaCheck: () => Promise<Record<string, unknown>>;
  }
}
window.runMediaCheck = run;
document.getElementById('status')!.textContent = 'ready';
