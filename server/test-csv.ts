// Tests of the CSV downloads (issue 45): read a body as the server sent it and parse it back.

/** The body as sent (Response.text() drops a BOM). */
export const bodyText = async (res: Response): Promise<string> => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());

/** RFC 4180 after the BOM (Excel reads UTF-8 by it): rows of fields, quotes doubled inside quoted fields. */
export function parseCsv(text: string): string[][] {
  if (!text.startsWith('\uFEFF')) throw new Error('the CSV does not start with a BOM');
  const body = text.slice(1);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += ch;
  }
  return rows;
}
