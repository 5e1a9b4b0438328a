import { useTranslation } from 'react-i18next';
import { Button } from '../primitives/button';
import './not-found-view.css';

export interface NotFoundViewProps {
  onBack: () => void;
}

/** SPEC §2 "Page-not-found": title, message and a back button. */
export function NotFoundView({ onBack }: NotFoundViewProps) {
  const { t } = useTranslation();
  return (
    <main className="not-found-view" id="main-content">
      <img className="not-found-view__art" src="/assets/tiles/not-found.svg" alt="" width={160} height={120} />
      <h1>{t('pages:not_found.title')}</h1>
      <p>{t('pages:not_found.message')}</p>
      <Button variant="accent" onClick={onBack}>
        {t('pages:not_found.back')}
      </Button>
    </main>
  );
}
