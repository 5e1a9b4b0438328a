import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { renderWithI18n } from '../testing/render-with-i18n';
import { REPORT, REPORT_PAGE_2, reportView } from '../../machines/cpd-report/cpd-report.fixtures';
import type { CpdReportViewModel } from '../../machines/cpd-report/cpd-report.selectors';
import { CpdReportView } from './cpd-report-view';

const callbacks = () => ({ ledgerHref: (id: string) => `/cpd/report/ledger/${id}`, onRetry: vi.fn(), onSelectList: vi.fn(), onSelectPage: vi.fn(), onExport: vi.fn() });
const show = (view: CpdReportViewModel, lang?: 'en' | 'zh' | 'cn', cb = callbacks()) => ({
  cb,
  ...renderWithI18n(
    <MemoryRouter>
      <CpdReportView view={view} {...cb} />
    </MemoryRouter>,
    lang,
  ),
});

describe('cpd-report view', () => {
  it('lists each licensee with hours, target and compliance, a link to the ledger, and pages', async () => {
    const { cb } = show(reportView({ ready: 'idle' }, { report: REPORT }));
    const agent01 = screen.getByTestId('cpd-report-row-agent01');
    expect(agent01).toHaveTextContent('11 h (5 h)');
    expect(agent01).toHaveTextContent('No');
    expect(screen.getByTestId('cpd-report-row-agent02')).toHaveTextContent('Yes');
    expect(screen.getByText('5 licensees')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Open' })[0]).toHaveAttribute('href', '/cpd/report/ledger/2');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(cb.onSelectPage).toHaveBeenCalledWith(2);
    await userEvent.selectOptions(screen.getByRole('combobox'), 'can_declare');
    expect(cb.onSelectList).toHaveBeenCalledWith('can_declare');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(cb.onExport).toHaveBeenCalled();
  });

  it('on the last page offers no next page; a refusal says the server’s words', () => {
    show(reportView({ ready: 'idle' }, { report: REPORT_PAGE_2, ask: { list: 'all', page: 2 } }));
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('says the server’s refusal, in Traditional Chinese too', () => {
    show(reportView('failed', { error: '只有合規主任（審計員）可以查看 CPD 報告。' }), 'zh');
    expect(screen.getByRole('alert')).toHaveTextContent('只有合規主任（審計員）可以查看 CPD 報告。');
    expect(screen.getByRole('heading', { name: 'CPD 報告' })).toBeInTheDocument();
  });
});
