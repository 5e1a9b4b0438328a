import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { loadCurrentUser } from '../../api/current-user';
import { authGuard } from '../guards';

/** SPEC §6: only managers open /management; everyone else is sent to /main. */
export async function managementGuard(args: LoaderFunctionArgs): Promise<null> {
  authGuard(args);
  let isManager = false;
  try {
    isManager = (await loadCurrentUser()).is_manager;
  } catch {
    // Unknown user: not shown manager pages (a 401 is routed to /login by the http layer).
  }
  if (!isManager) throw redirect('/main');
  return null;
}
