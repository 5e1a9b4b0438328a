import DOMPurify from 'dompurify';
import mammoth from 'mammoth';
import readXlsxFile from 'read-excel-file/universal';

// Issue 43 §23: Word and Excel files previewed in the browser. Loaded only with office-document.tsx
// (its own chunk, when such an attachment is shown): mammoth, DOMPurify and read-excel-file never
// reach the first pages.

/** The tags a Word document's preview may keep; no attribute at all (no links, styles, images or handlers). */
const DOCX_TAGS = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'br', 'blockquote'];

/**
 * A .docx as HTML of its text and structure: mammoth converts it, DOMPurify keeps only DOCX_TAGS
 * and drops every attribute, so nothing from the file (a script, a link, an image fetched from
 * elsewhere, a style) reaches the page.
 */
export async function docxToSafeHtml(bytes: ArrayBuffer): Promise<string> {
  // `arrayBuffer` is what mammoth's browser build reads, `buffer` its Node build (tests under jsdom).
  const { value } = await mammoth.convertToHtml({ arrayBuffer: bytes, buffer: bytes } as unknown as { arrayBuffer: ArrayBuffer });
  return DOMPurify.sanitize(value, { ALLOWED_TAGS: DOCX_TAGS, ALLOWED_ATTR: [] });
}

export interface SheetPreview {
  name: string;
  /** The cells as text, row by row, at most `maxRows` rows. */
  rows: string[][];
  /** Rows left out past `maxRows`. */
  moreRows: number;
}

const cellText = (cell: unknown): string => {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell);
};

/** Each sheet of an .xlsx as rows of text (rendered as text nodes, never as HTML). */
export async function xlsxSheets(bytes: ArrayBuffer, maxRows = 200): Promise<SheetPreview[]> {
  // As a Blob: read-excel-file checks `instanceof ArrayBuffer`, which a buffer of another realm
  // (a worker's, or Node's under jsdom) fails.
  const sheets = await readXlsxFile(new Blob([bytes]));
  return sheets.map(({ sheet, data }) => ({
    name: sheet,
    rows: data.slice(0, maxRows).map((row) => row.map(cellText)),
    moreRows: Math.max(0, data.length - maxRows),
  }));
}
