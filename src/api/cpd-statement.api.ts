import { ApiRequestError } from './api-error';
import { callRoute } from './call-route';
import { VERIFICATION_CODE_HEADER, type CpdVerification } from './schemas/cpd-statement.schema';
import { getCpdCertificateRoute, getCpdStatementCsvRoute, getCpdStatementPdfRoute, verifyCpdCodeRoute } from './schemas/cpd-statement.routes';

// Issue 45 (ADR 085): the CPD papers the server makes (signed-in downloads) and the public check of
// the code printed on them.

/** A paper as downloaded: its bytes, the file name the server gave it, the code printed on it. */
export interface CpdPaper {
  blob: Blob;
  fileName: string;
  code: string | null;
}

async function paperOf(response: Response, fallbackName: string): Promise<CpdPaper> {
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  return { blob: await response.blob(), fileName: name, code: response.headers.get(VERIFICATION_CODE_HEADER) };
}

/** The caller's statement of `period` (null: the current one) as PDF or CSV; `user`: a downline's (the server checks the caller may read it). */
export async function downloadCpdStatement(format: 'pdf' | 'csv', period: number | null, user?: string): Promise<CpdPaper> {
  const query = { ...(period === null ? {} : { period: String(period) }), ...(user === undefined ? {} : { user }) };
  const response = format === 'pdf' ? await callRoute(getCpdStatementPdfRoute, { query }) : await callRoute(getCpdStatementCsvRoute, { query });
  return paperOf(response, `cpd-statement.${format}`);
}

/** The certificate of one of the caller's completed courses (a ledger row id). */
export async function downloadCpdCertificate(rowId: string): Promise<CpdPaper> {
  return paperOf(await callRoute(getCpdCertificateRoute, { params: { rowId }, query: {} }), 'cpd-certificate.pdf');
}

/** What a code vouches for, or null when it is not genuine (the server's 404); anything else rejects. */
export async function verifyCpdCode(code: string): Promise<CpdVerification | null> {
  try {
    return await callRoute(verifyCpdCodeRoute, { params: { code } });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}
