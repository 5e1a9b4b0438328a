import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithI18n } from '../testing/render-with-i18n';
import { cpdLedgerViewAt, LEDGER } from '../../machines/cpd-ledger/cpd-ledger.fixtures';
import { CpdLedgerView, type CpdPapersView } from './cpd-ledger-view';

// Issue 45 (cpd-statement, ADR 085): the statement and certificate downloads on /cpd.
const callbacks = () => ({ onRetry: vi.fn(), onSelectPeriod: vi.fn(), onOpenRow: vi.fn(), onRetryEvidence: vi.fn(), onCloseEvidence: vi.fn(), onDownloadStatement: vi.fn(), onCertificate: vi.fn() });
const idle: CpdPapersView = { busy: false, error: null, code: null };

describe('cpd-ledger view, the papers', () => {
  it('offers the statement as PDF and CSV, and a certificate per completed course (none for a claim)', async () => {
    const cb = callbacks();
    renderWithI18n(<CpdLedgerView view={cpdLedgerViewAt()} papers={idle} {...cb} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download statement (PDF)' }));
    expect(cb.onDownloadStatement).toHaveBeenLastCalledWith('pdf');
    await userEvent.click(screen.getByRole('button', { name: 'Download statement (CSV)' }));
    expect(cb.onDownloadStatement).toHaveBeenLastCalledWith('csv');
    const courses = LEDGER.rows.filter((r) => r.source !== 'claim');
    expect(screen.getAllByTestId('cpd-row-certificate')).toHaveLength(courses.length);
    await userEvent.click(screen.getByRole('button', { name: `Certificate of ${courses[0].title}` }));
    expect(cb.onCertificate).toHaveBeenCalledWith(courses[0].id);
  });

  it('waits while a paper downloads, then shows its code or why it failed', () => {
    const cb = callbacks();
    const { rerender } = renderWithI18n(<CpdLedgerView view={cpdLedgerViewAt()} papers={{ ...idle, busy: true }} {...cb} />);
    expect(screen.getByRole('button', { name: 'Download statement (PDF)' })).toBeDisabled();
    rerender(<CpdLedgerView view={cpdLedgerViewAt()} papers={{ ...idle, code: 'ABCDEFGHJKLM' }} {...cb} />);
    expect(screen.getByTestId('cpd-statement-code')).toHaveTextContent('ABCDEFGHJKLM');
    rerender(<CpdLedgerView view={cpdLedgerViewAt()} papers={{ ...idle, error: '' }} {...cb} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The download did not work. Please try again.');
  });

  it('offers nothing when the page gives no downloads (the team view)', () => {
    renderWithI18n(<CpdLedgerView view={cpdLedgerViewAt()} {...callbacks()} />);
    expect(screen.queryByRole('button', { name: 'Download statement (PDF)' })).toBeNull();
    expect(screen.queryAllByTestId('cpd-row-certificate')).toHaveLength(0);
  });
});
