import { useNavigate } from 'react-router-dom';
import { NotFoundView } from '../../ui/not-found/not-found-view';

/** The router's history keeps an index: 0 means this page was opened directly. */
function canGoBack(): boolean {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' && idx > 0;
}

export default function NotFoundRoute() {
  const navigate = useNavigate();
  return <NotFoundView onBack={() => (canGoBack() ? navigate(-1) : navigate('/'))} />;
}
