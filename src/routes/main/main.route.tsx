import { useNavigate } from 'react-router-dom';
import { homeTiles } from '../../ui/main/home-tiles';
import { MainView } from '../../ui/main/main-view';
import { useAppConfig, useCurrentUser } from '../app-context';

export default function MainRoute() {
  const { user } = useCurrentUser();
  const config = useAppConfig();
  const navigate = useNavigate();
  return <MainView userName={user?.name ?? null} tiles={homeTiles(config.appEnabledFunction)} onNavigate={(to) => navigate(to)} />;
}
