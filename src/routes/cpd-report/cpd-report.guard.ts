import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { loadCurrentUser } from '../../api/current-user';
import { authGuard } from '../guards';

/** Issue 45: only the auditor opens /cpd/report; everyone else is sent to /main (the server answers an auditor only anyway). */
export async function auditorGuard(args: LoaderFunctionArgs): Promise<null> {
  authGuard(args);
  let isAuditor = false;
  try {
    isAuditor = (await loadCurrentUser()).is_auditor;
  } catch {
    // Unknown user: not shown the report (a 401 is routed to /login by the http layer).
  }
  if (!isAuditor) throw redirect('/main');
  return null;
}
