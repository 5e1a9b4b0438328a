import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingOverlay } from '../layout/loading-overlay';
import { docxToSafeHtml, xlsxSheets, type SheetPreview } from './office-parse';

export interface OfficeDocumentProps {
  type: 'docx' | 'xlsx';
  name: string;
  /** The file's signed URL: a new one (after it expired) reads the file again. */
  url: string;
  /** The file's bytes behind `url` (the route's fetch). */
  load: (url: string) => Promise<ArrayBuffer>;
}

type Preview = { status: 'loading' } | { status: 'failed' } | { status: 'docx'; html: string } | { status: 'xlsx'; sheets: SheetPreview[] };

/** The preview itself, in a chunk of its own (office-preview.tsx loads it lazily, issue 43 §23). */
export default function OfficeDocument({ type, name, url, load }: OfficeDocumentProps) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<Preview>({ status: 'loading' });
  // The callback may be a new function at every render; the file is read once per URL.
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    let live = true;
    (async () => {
      const bytes = await loadRef.current(url);
      const next: Preview = type === 'docx' ? { status: 'docx', html: await docxToSafeHtml(bytes) } : { status: 'xlsx', sheets: await xlsxSheets(bytes) };
      if (live) setPreview(next);
    })().catch(() => {
      if (live) setPreview({ status: 'failed' });
    });
    return () => {
      live = false;
    };
  }, [type, url]);

  if (preview.status === 'loading') return <LoadingOverlay text={t('attachments:office_loading')} />;
  if (preview.status === 'failed') {
    return (
      <p role="alert" className="attachment-viewer__error">
        {t('attachments:office_failed')}
      </p>
    );
  }
  if (preview.status === 'docx') {
    // Sanitized with an allow-list of tags and no attributes (office-parse.ts docxToSafeHtml).
    return <article className="office-preview__docx" aria-label={t('attachments:office_label', { name })} data-testid="office-preview-docx" dangerouslySetInnerHTML={{ __html: preview.html }} />;
  }
  return (
    <div className="office-preview__sheets" data-testid="office-preview-xlsx">
      {preview.sheets.map((sheet) => (
        <section key={sheet.name} className="office-preview__sheet">
          <h3 className="office-preview__sheet-name">{t('attachments:office_sheet', { name: sheet.name })}</h3>
          <div className="office-preview__scroll" tabIndex={0} role="region" aria-label={t('attachments:office_sheet', { name: sheet.name })}>
            <table className="office-preview__table">
              <tbody>
                {sheet.rows.map((row, r) => (
                  <tr key={r}>
                    {row.map((cell, c) => (r === 0 ? <th key={c} scope="col">{cell}</th> : <td key={c}>{cell}</td>))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {sheet.moreRows > 0 ? <p className="office-preview__more">{t('attachments:office_more_rows', { count: sheet.moreRows })}</p> : null}
        </section>
      ))}
    </div>
  );
}
