import { useTranslation } from 'react-i18next';
import './coming-soon-view.css';

/** A page whose feature comes with a later issue: its title and an honest note, nothing more. */
export function ComingSoonView({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section className="coming-soon-view" aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title">{title}</h1>
      <p>{t('pages:coming_soon')}</p>
    </section>
  );
}
