import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../testing/render-with-i18n';
import { PdfView } from './pdf-view';

// react-pdf cannot load under jsdom (STACK.md): a stand-in with its props and callbacks.
vi.mock('react-pdf', async () => {
  const { useEffect } = await import('react');
  return {
    pdfjs: { GlobalWorkerOptions: {} },
    Document: ({ file, onLoadSuccess, children }: { file: { data: Uint8Array }; onLoadSuccess: (pdf: { numPages: number }) => void; children: React.ReactNode }) => {
      useEffect(() => onLoadSuccess({ numPages: file.data[0] }), [file, onLoadSuccess]);
      return <div data-testid="pdf-document">{children}</div>;
    },
    Page: ({ pageNumber }: { pageNumber: number }) => <div data-testid="pdf-page-canvas">page {pageNumber}</div>,
  };
});
vi.mock('pdfjs-dist/build/pdf.worker.min.mjs?url', () => ({ default: '/pdf.worker.min.mjs' }));
vi.mock('react-pdf/dist/Page/TextLayer.css', () => ({}));

async function showPdf(pages: number, props: { initialPage?: number } = {}) {
  const onPage = vi.fn();
  await act(async () => {
    renderWithI18n(<PdfView name="Product guide" bytes={new Uint8Array([pages, 80, 68, 70])} onPage={onPage} {...props} />);
  });
  await screen.findByTestId('pdf-page-canvas');
  await waitFor(() => expect(screen.getByTestId('pdf-page')).not.toBeEmptyDOMElement());
  return onPage;
}

describe('PdfView', () => {
  it('shows one page at a time with "page n of m" and reports each page', async () => {
    const onPage = await showPdf(3);
    expect(screen.getByTestId('pdf-page')).toHaveTextContent('Page 1 of 3');
    expect(screen.getByTestId('pdf-page-canvas')).toHaveTextContent('page 1');
    // The page is reported from an effect, which may run just after the text is painted.
    await waitFor(() => expect(onPage).toHaveBeenLastCalledWith(1, 3));
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByTestId('pdf-page')).toHaveTextContent('Page 3 of 3');
    expect(onPage).toHaveBeenLastCalledWith(3, 3);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(screen.getByTestId('pdf-page-canvas')).toHaveTextContent('page 2');
  });

  it('pages with the keyboard when the page has focus', async () => {
    const onPage = await showPdf(4);
    screen.getByTestId('pdf-frame').focus();
    await userEvent.keyboard('{ArrowRight}{PageDown}');
    expect(onPage).toHaveBeenLastCalledWith(3, 4);
    await userEvent.keyboard('{End}');
    expect(screen.getByTestId('pdf-page')).toHaveTextContent('Page 4 of 4');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByTestId('pdf-page')).toHaveTextContent('Page 4 of 4');
    await userEvent.keyboard('{Home}{ArrowLeft}');
    expect(onPage).toHaveBeenLastCalledWith(1, 4);
  });

  it('opens at the given page, never beyond the last', async () => {
    await showPdf(2, { initialPage: 5 });
    expect(screen.getByTestId('pdf-page')).toHaveTextContent('Page 2 of 2');
  });

  it('is labelled in the learner language', async () => {
    await act(async () => {
      renderWithI18n(<PdfView name="指南" bytes={new Uint8Array([2])} />, 'cn');
    });
    expect(await screen.findByText('第 1 页，共 2 页')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下一页' })).toBeEnabled();
  });
});
