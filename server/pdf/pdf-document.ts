import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import type { Language } from '../../src/config/constants';

// Issue 45 (ADR 085): the one place the server makes a PDF. Text is set in a subset of Noto Sans
// CJK (server/pdf/fonts, made by scripts/pdf-font-subset.py): Simplified for cn, Traditional for
// en and zh, both holding ASCII, the product's texts and the common characters of the script. A
// character outside the subset prints as the font's missing-glyph box; it never fails the PDF.
// TrueType, because pdfkit embeds it quickly (a WOFF took seconds per page); read once per process.

const FONT_FILE: Record<'sc' | 'tc', string> = { sc: 'noto-sans-sc-400.ttf.gz', tc: 'noto-sans-tc-400.ttf.gz' };
const fonts = new Map<'sc' | 'tc', Buffer>();

function fontOf(lang: Language): Buffer {
  const script = lang === 'cn' ? 'sc' : 'tc';
  let font = fonts.get(script);
  if (!font) {
    font = gunzipSync(readFileSync(new URL(`./fonts/${FONT_FILE[script]}`, import.meta.url)));
    fonts.set(script, font);
  }
  return font;
}

export type PdfDoc = InstanceType<typeof PDFDocument>;

/**
 * Makes an A4 PDF: `draw` writes on the document (its font already set), the answer is the bytes.
 * The creation date is the server clock's `now`, so a PDF is the same bytes for the same input.
 */
export async function makePdf(lang: Language, meta: { title: string; now: Date }, draw: (doc: PdfDoc) => void): Promise<Uint8Array<ArrayBuffer>> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: meta.title, Producer: 'Agent Academy', Creator: 'Agent Academy', CreationDate: meta.now }, lang: lang === 'en' ? 'en' : lang === 'cn' ? 'zh-CN' : 'zh-HK' });
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks)) as Uint8Array<ArrayBuffer>));
    doc.on('error', reject);
  });
  doc.registerFont('body', fontOf(lang));
  doc.font('body');
  draw(doc);
  doc.end();
  return done;
}
