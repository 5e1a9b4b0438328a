import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { documentDetail } from '../../machines/attachment-viewer/attachment-viewer.fixtures';
import { renderWithI18n } from '../testing/render-with-i18n';
import { AttachmentViewer } from './attachment-viewer';
import { viewerAt } from './attachment-viewer-story-states';
import { docxToSafeHtml } from './office-parse';

// Issue 43 §23: Word and Excel files are previewed in the page from their real bytes (the demo's
// own fixtures, parsed by mammoth and read-excel-file as in the browser); PowerPoint says it is not.

const fixture = (name: string) => {
  const bytes = readFileSync(path.join(process.cwd(), 'server/db/fixtures/media', name));
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
};
const held = { url: '/api/files/signed-token', expiresAt: Date.now() + 3_600_000 };

function show(type: 'docx' | 'xlsx' | 'pptx', loadDocument: (url: string) => Promise<ArrayBuffer>, lang: 'en' | 'cn' | 'zh' = 'en') {
  const onOpenDocument = vi.fn();
  const detail = { ...documentDetail, type, name: `Demo.${type}` };
  renderWithI18n(<AttachmentViewer view={viewerAt({ document: 'available' }, detail, { document: held })} onRetry={vi.fn()} onOpenDocument={onOpenDocument} loadDocument={loadDocument} />, lang);
  return { onOpenDocument };
}

describe('office previews', () => {
  it('shows a Word document’s text in the page, read from its signed URL, and still offers the Download', async () => {
    const load = vi.fn(() => Promise.resolve(fixture('document.docx')));
    const { onOpenDocument } = show('docx', load);
    const preview = await screen.findByTestId('office-preview-docx', {}, { timeout: 10_000 });
    expect(within(preview).getByText('Client Needs Checklist')).toBeInTheDocument();
    expect(preview).toHaveTextContent('Explain the cooling-off period and how to complain.');
    expect(load).toHaveBeenCalledWith(held.url);
    expect(load).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(onOpenDocument).toHaveBeenCalledOnce();
  });

  it('keeps no attribute of the Word document’s HTML (no link, style, image or handler)', async () => {
    const html = await docxToSafeHtml(fixture('document.docx'));
    expect(html).toContain('<strong>Client Needs Checklist</strong>');
    expect(html).not.toMatch(/<[a-z0-9]+\s/i);
  });

  it('shows an Excel workbook’s sheet as a table of its cells', async () => {
    show('xlsx', () => Promise.resolve(fixture('spreadsheet.xlsx')), 'zh');
    const preview = await screen.findByTestId('office-preview-xlsx', {}, { timeout: 10_000 });
    expect(within(preview).getByRole('heading', { name: '工作表：Premiums' })).toBeInTheDocument();
    expect(within(preview).getByRole('columnheader', { name: 'Premium (HKD / month)' })).toBeInTheDocument();
    const row = within(preview).getByRole('row', { name: /Term Life 10/ });
    expect(within(row).getByRole('cell', { name: '320' })).toBeInTheDocument();
  });

  it.each([
    ['en', 'A preview of this kind of file (PowerPoint) is not available here: download it to open it with an office app.'],
    ['zh', '此類檔案（PowerPoint）無法在此預覽：請下載後以辦公室軟件開啟。'],
    ['cn', '此类文件（PowerPoint）无法在此预览：请下载后用办公软件打开。'],
  ] as const)('says a PowerPoint file has no preview (%s) and reads nothing', (lang, text) => {
    const load = vi.fn(() => Promise.resolve(fixture('slides.pptx')));
    show('pptx', load, lang);
    expect(screen.getByTestId('document-hint')).toHaveTextContent(text);
    expect(load).not.toHaveBeenCalled();
  });

  it('a file that cannot be read says so and keeps the Download', async () => {
    show('docx', () => Promise.reject(new Error('network')), 'cn');
    expect(await screen.findByRole('alert')).toHaveTextContent('无法显示预览。请下载文件后打开。');
    expect(screen.getByRole('button', { name: '下载' })).toBeEnabled();
  });
});
