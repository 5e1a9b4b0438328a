import { Component, lazy, Suspense, useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingOverlay } from '../layout/loading-overlay';
import { Button } from '../primitives/button';

const PdfDocument = lazy(() => import('./pdf-document'));

export interface PdfViewProps {
  name: string;
  /** The decrypted PDF. */
  bytes: Uint8Array<ArrayBuffer>;
  /** The page to open at (e.g. where the learner stopped); 1 by default. */
  initialPage?: number;
  /** The page now shown (1-based) and the page count: the timer records completedPage. */
  onPage?: (page: number, pageCount: number) => void;
}

class LoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

const MAX_WIDTH = 960;

/** One page at a time with previous/next and "page n of m"; arrow and page keys work when focused. */
export function PdfView({ name, bytes, initialPage = 1, onPage }: PdfViewProps) {
  const { t } = useTranslation();
  const [pageCount, setPageCount] = useState(0);
  const [page, setPage] = useState(Math.max(1, initialPage));
  const [failed, setFailed] = useState(false);
  const [width, setWidth] = useState(MAX_WIDTH);
  const frame = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = frame.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.max(200, Math.min(MAX_WIDTH, Math.floor(entry.contentRect.width)))));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (pageCount > 0) onPage?.(page, pageCount);
  }, [page, pageCount, onPage]);

  const onLoaded = useCallback((count: number) => {
    setPageCount(count);
    setPage((p) => Math.min(p, count));
  }, []);
  const go = (next: number) => setPage((p) => Math.max(1, Math.min(pageCount || p, next)));

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, PageDown: 1, ArrowLeft: -1, ArrowUp: -1, PageUp: -1 };
    if (event.key === 'Home') go(1);
    else if (event.key === 'End') go(pageCount);
    else if (event.key in moves) go(page + moves[event.key]);
    else return;
    event.preventDefault();
  };

  const failure = (
    <p role="alert" className="attachment-viewer__error">
      {t('attachments:pdf_failed')}
    </p>
  );
  if (failed) return failure;

  return (
    <section className="pdf-view" aria-label={t('attachments:pdf_label', { name })}>
      <div ref={frame} className="pdf-view__frame" tabIndex={0} onKeyDown={onKeyDown} data-testid="pdf-frame">
        <LoadBoundary fallback={failure}>
          <Suspense fallback={<LoadingOverlay text={t('attachments:pdf_loading')} />}>
            <PdfDocument
              bytes={bytes}
              pageNumber={page}
              width={width}
              loading={t('attachments:pdf_loading')}
              error={t('attachments:pdf_failed')}
              onLoaded={onLoaded}
              onFailed={() => setFailed(true)}
            />
          </Suspense>
        </LoadBoundary>
      </div>
      <nav className="pdf-view__controls" aria-label={t('attachments:pdf_label', { name })}>
        <Button onClick={() => go(page - 1)} disabled={page <= 1 || pageCount === 0} data-testid="pdf-previous">
          {t('attachments:pdf_previous')}
        </Button>
        <span aria-live="polite" className="pdf-view__page" data-testid="pdf-page">
          {pageCount > 0 ? t('attachments:pdf_page', { number: page, totalNumber: pageCount }) : ''}
        </span>
        <Button onClick={() => go(page + 1)} disabled={page >= pageCount} data-testid="pdf-next">
          {t('attachments:pdf_next')}
        </Button>
      </nav>
    </section>
  );
}
