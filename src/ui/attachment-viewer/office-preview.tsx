import { Component, lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingOverlay } from '../layout/loading-overlay';
import type { OfficeDocumentProps } from './office-document';

// mammoth, DOMPurify and read-excel-file load with this chunk only when a Word or Excel file is
// shown, as pdf.js does with pdf-document.tsx (issue 43 §23).
const OfficeDocument = lazy(() => import('./office-document'));

class LoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The types a browser previews here; a PowerPoint file stays a download (said so on the page). */
export const PREVIEWED_OFFICE_TYPES = ['docx', 'xlsx'] as const;
export const isPreviewedOffice = (type: string): type is OfficeDocumentProps['type'] => (PREVIEWED_OFFICE_TYPES as readonly string[]).includes(type);

/** A Word or Excel file's preview, above its Download button. */
export function OfficePreview(props: OfficeDocumentProps) {
  const { t } = useTranslation();
  const failure = (
    <p role="alert" className="attachment-viewer__error">
      {t('attachments:office_failed')}
    </p>
  );
  return (
    <div className="office-preview">
      <LoadBoundary fallback={failure}>
        <Suspense fallback={<LoadingOverlay text={t('attachments:office_loading')} />}>
          <OfficeDocument {...props} />
        </Suspense>
      </LoadBoundary>
    </div>
  );
}
