import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ICON_URL } from '../../config/constants';
import { PATH } from '../../config/navigation';
import { NavAnchor } from './nav-anchor';

export interface LayoutUser {
  name: string;
  iconUrl: string;
}

/** The user's name and icon at the right of the desktop header; a broken icon falls back to the placeholder. */
export function UserBadge({ user, onNavigate }: { user: LayoutUser; onNavigate: (to: string) => void }) {
  const { t } = useTranslation();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const src = user.iconUrl && user.iconUrl !== failedUrl ? user.iconUrl : DEFAULT_ICON_URL;
  return (
    <NavAnchor to={PATH.profile} onNavigate={onNavigate} className="user-badge" aria-label={t('layout:user_profile', { name: user.name })}>
      <span className="user-badge__name" data-testid="header-user-name">
        {user.name}
      </span>
      <img className="user-badge__icon" src={src} alt="" width={40} height={40} onError={() => setFailedUrl(user.iconUrl)} />
    </NavAnchor>
  );
}
