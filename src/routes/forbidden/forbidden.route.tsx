import { useLocation, useNavigate } from 'react-router-dom';
import { ForbiddenView } from '../../ui/forbidden/forbidden-view';

/** The router's history keeps an index: 0 means this page was opened directly. */
function canGoBack(): boolean {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' && idx > 0;
}

/** The server's message travels in the navigation's state (api/http.ts); a reload shows the generic text. */
function messageOf(state: unknown): string | null {
  const message = (state as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : null;
}

/** /forbidden, inside the layout: where a page goes when the server refuses its data (403 Forbidden). */
export default function ForbiddenRoute() {
  const navigate = useNavigate();
  const { state } = useLocation();
  const back = canGoBack();
  return <ForbiddenView message={messageOf(state)} canGoBack={back} onBack={() => (back ? navigate(-1) : navigate('/main'))} />;
}
