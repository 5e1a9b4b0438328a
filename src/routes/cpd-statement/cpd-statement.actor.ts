import { fromPromise } from 'xstate';
import { downloadCpdCertificate, downloadCpdStatement, verifyCpdCode, type CpdPaper } from '../../api/cpd-statement.api';
import type { CpdVerification } from '../../api/schemas/cpd-statement.schema';
import { cpdStatementMachine } from '../../machines/cpd-statement/cpd-statement.machine';
import { toSubmissionError, withSubmissionError as shown } from '../submission';

/** The one place the /verify machine meets the API (DESIGN §2). */
export const cpdStatementRouteMachine = cpdStatementMachine.provide({
  actors: {
    verifyCode: fromPromise<CpdVerification | null, { code: string }>(shown(({ code }: { code: string }) => verifyCpdCode(code))),
  },
});

/** Saves a paper the server made (the signed-in request, then a download of its blob). */
function save(paper: CpdPaper): void {
  const url = URL.createObjectURL(paper.blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = paper.fileName;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/**
 * The /cpd page's downloads (issue 45): the statement of the period on screen, a course's
 * certificate; a downline's statement (`user`, on /cpd/team/:userId). Answers the printed code; rejects with a SubmissionError (the server's words).
 */
export async function saveCpdPaper(what: { kind: 'statement'; format: 'pdf' | 'csv'; period: number | null; user?: string } | { kind: 'certificate'; rowId: string }): Promise<string | null> {
  try {
    const paper = what.kind === 'statement' ? await downloadCpdStatement(what.format, what.period, what.user) : await downloadCpdCertificate(what.rowId);
    save(paper);
    return paper.code;
  } catch (error) {
    throw toSubmissionError(error);
  }
}
