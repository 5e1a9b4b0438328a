import { useMemo } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import 'react-pdf/dist/Page/TextLayer.css';

// Imported lazily by PdfView only: react-pdf and pdf.js stay out of every other page.
// README: the worker must be set in the module that renders react-pdf's components.
pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

export interface PdfDocumentProps {
  bytes: Uint8Array<ArrayBuffer>;
  pageNumber: number;
  width: number;
  loading: string;
  error: string;
  onLoaded: (numPages: number) => void;
  onFailed: (error: Error) => void;
}

export default function PdfDocument({ bytes, pageNumber, width, loading, error, onLoaded, onFailed }: PdfDocumentProps) {
  // pdf.js transfers what it is given to its worker: it gets a copy, the caller keeps its bytes.
  const file = useMemo(() => ({ data: bytes.slice() }), [bytes]);
  return (
    <Document
      file={file}
      suspense={false}
      loading={loading}
      error={error}
      onLoadSuccess={(pdf) => onLoaded(pdf.numPages)}
      onLoadError={onFailed}
      className="pdf-view__document"
    >
      <Page pageNumber={pageNumber} width={width} renderAnnotationLayer={false} suspense={false} loading={loading} error={error} />
    </Document>
  );
}
