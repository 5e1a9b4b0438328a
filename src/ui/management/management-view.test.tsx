import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { assignData, pendingList, sampleDownlines, sampleReport } from '../../machines/management/management.fixtures';
import { managementMachine, type ManagementContext } from '../../machines/management/management.machine';
import { selectManagementView, type ManagementSnapshot } from '../../machines/management/management.selectors';
import { renderWithI18n } from '../testing/render';
import { ManagementView, type ManagementCallbacks } from './management-view';

const base: ManagementContext = { tab: 'pending', q: '', page: 1, period: { from: null, to: null }, data: { kind: 'list', list: pendingList }, selected: [], courseId: null, rejectId: null, notice: null, error: null };
const view = (value: string, context: Partial<ManagementContext> = {}) =>
  selectManagementView(managementMachine.resolveState({ value, context: { ...base, ...context } }) as ManagementSnapshot);

function show(v: ReturnType<typeof view>, lang: 'en' | 'zh' = 'en') {
  const names = ['onTab', 'onSearch', 'onPage', 'onPeriod', 'onRetry', 'onApprove', 'onRejectOpen', 'onRejectCancel', 'onRejectConfirm', 'onApproveAll', 'onCourse', 'onToggle', 'onAssign', 'onDownloadCsv'] as const;
  const h = Object.fromEntries(names.map((n) => [n, vi.fn()])) as unknown as { [K in keyof ManagementCallbacks]: ReturnType<typeof vi.fn> };
  renderWithI18n(<ManagementView view={v} {...(h as unknown as ManagementCallbacks)} />, lang);
  return h;
}

describe('management view', () => {
  it('pending: approve and reject per row; a request without a seat cannot be approved and says why; approve all', async () => {
    const h = show(view('ready'));
    const rows = screen.getAllByTestId('management-row');
    expect(rows).toHaveLength(3);
    await userEvent.click(within(rows[0]).getByTestId('approve'));
    expect(h.onApprove).toHaveBeenCalledWith('1');
    expect(within(rows[2]).getByTestId('approve')).toBeDisabled();
    expect(rows[2]).toHaveTextContent('No seat is left in this course');
    await userEvent.click(within(rows[1]).getByTestId('reject'));
    expect(h.onRejectOpen).toHaveBeenCalledWith('2');
    await userEvent.click(screen.getByTestId('approve-all'));
    expect(h.onApproveAll).toHaveBeenCalled();
  });

  it('the rejection dialog needs a reason before it confirms', async () => {
    const h = show(view('rejecting', { rejectId: '2' }));
    const dialog = screen.getByTestId('reject-dialog');
    expect(dialog).toHaveTextContent('Reject the enrolment of Chan Tai Man');
    await userEvent.click(within(dialog).getByTestId('reject-confirm'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please give a reason for the rejection.');
    expect(h.onRejectConfirm).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByTestId('reject-reason'), 'Not this quarter');
    await userEvent.click(within(dialog).getByTestId('reject-confirm'));
    expect(h.onRejectConfirm).toHaveBeenCalledWith('Not this quarter');
  });

  it('assign: ten chosen leaves the others unticked and disabled (SPEC §9)', () => {
    show(view('ready', { tab: 'assign', data: assignData, courseId: '11', selected: sampleDownlines.slice(0, 10).map((d) => d.id) }));
    expect(screen.getByText('10 chosen: that is the most at a time.')).toBeInTheDocument();
    expect(screen.getByTestId('assign-downline-agent11')).toBeDisabled();
    expect(screen.getByTestId('assign-downline-agent01')).toBeEnabled();
    expect(screen.getByTestId('assign-submit')).toBeEnabled();
  });

  it('report in Traditional Chinese: the CPD columns and hours', () => {
    show(view('ready', { tab: 'report', data: { kind: 'report', report: sampleReport } }), 'zh');
    expect(screen.getByRole('columnheader', { name: 'CPD 時數：操守／法規' })).toBeInTheDocument();
    expect(screen.getAllByTestId('cpd-ethics').map((c) => c.textContent)).toEqual(['6', '0']);
    expect(screen.getByTestId('report-csv')).toBeEnabled();
  });
});
