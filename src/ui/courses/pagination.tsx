import { useTranslation } from 'react-i18next';

export interface PaginationProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

/** Which page numbers to offer: the first, the last, and two either side of the current one. */
export function pageWindow(page: number, pages: number): Array<number | 'gap'> {
  const shown = [...new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const out: Array<number | 'gap'> = [];
  for (const n of shown) {
    const last = out[out.length - 1];
    // A gap hiding a single page shows that page instead.
    if (typeof last === 'number' && n - last === 2) out.push(last + 1);
    else if (typeof last === 'number' && n - last > 2) out.push('gap');
    out.push(n);
  }
  return out;
}

/** Page links as buttons in a labelled navigation landmark; the current page is marked for
 * assistive technology. Hidden when there is only one page. */
export function Pagination({ page, pages, onPage }: PaginationProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('courses:pages_label')} data-testid="pagination">
      <button type="button" className="pagination__step" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        {t('courses:previous')}
      </button>
      <ul>
        {pageWindow(page, pages).map((n, i) =>
          n === 'gap' ? (
            <li key={`gap${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <button
                type="button"
                className="pagination__page"
                aria-label={t('courses:page_number', { page: n })}
                aria-current={n === page ? 'page' : undefined}
                onClick={() => onPage(n)}
              >
                {n}
              </button>
            </li>
          ),
        )}
      </ul>
      <span className="visually-hidden" aria-live="polite">
        {t('courses:page_of', { page, pages })}
      </span>
      <button type="button" className="pagination__step" onClick={() => onPage(page + 1)} disabled={page >= pages}>
        {t('courses:next')}
      </button>
    </nav>
  );
}
