import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithI18n } from '../testing/render-with-i18n';
import { CLASSROOM_EVIDENCE, COURSE_EVIDENCE, cpdLedgerViewAt, cpdProgressOf, LEDGER, NO_TARGET_LEDGER } from '../../machines/cpd-ledger/cpd-ledger.fixtures';
import type { CpdLedgerViewModel } from '../../machines/cpd-ledger/cpd-ledger.selectors';
import { CpdLedgerView } from './cpd-ledger-view';
import { CpdProgressTile } from './cpd-progress-tile';
import { hoursOf } from './cpd-format';

const callbacks = () => ({ onRetry: vi.fn(), onSelectPeriod: vi.fn(), onOpenRow: vi.fn(), onRetryEvidence: vi.fn(), onCloseEvidence: vi.fn() });
const show = (view: CpdLedgerViewModel, lang?: 'en' | 'zh' | 'cn', cb = callbacks()) => ({ cb, ...renderWithI18n(<CpdLedgerView view={view} {...cb} />, lang) });

describe('cpd-ledger view', () => {
  it('shows the hours against the target, what is still needed, the days left, and every row with its source, reference, date, hours and E/R', () => {
    show(cpdLedgerViewAt());
    expect(screen.getByTestId('cpd-total')).toHaveTextContent('11 hours of 15 hours');
    expect(screen.getByTestId('cpd-ethics')).toHaveTextContent('5 hours of 3 hours');
    expect(screen.getByTestId('cpd-needed')).toHaveTextContent('Still needed: 4 hours');
    expect(screen.getByTestId('cpd-needed-ethics')).toHaveTextContent('Ethics or Regulations part done');
    expect(screen.getByTestId('cpd-days-left')).toHaveTextContent('241 days left in this period');
    expect(screen.getByTestId('cpd-status')).toHaveTextContent('Not compliant');
    const rows = screen.getAllByTestId('cpd-row');
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent('Classroom course');
    expect(rows[0]).toHaveTextContent('IA/CPD/2026/0016');
    expect(rows[0]).toHaveTextContent('27 Nov 2026');
    expect(rows[0]).toHaveTextContent('3 hours');
    expect(rows[0]).toHaveTextContent('Yes');
    expect(rows[3]).toHaveTextContent('2 hours');
    expect(within(screen.getByTestId('cpd-previous')).getByText('2025–26')).toBeInTheDocument();
  });

  it('writes hours through plurals with up to two decimals', () => {
    expect([hoursOf(90), hoursOf(100), hoursOf(60)]).toEqual([1.5, 1.67, 1]);
    renderWithI18n(<CpdProgressTile progress={{ ...cpdProgressOf(LEDGER), neededMinutes: 60 }} onNavigate={() => {}} />);
    expect(screen.getByTestId('cpd-tile-needed')).toHaveTextContent('Still needed: 1 hour');
  });

  it('opens a row’s evidence and picks a period through its callbacks', async () => {
    const { cb } = show(cpdLedgerViewAt());
    await userEvent.click(screen.getByRole('button', { name: 'Evidence of Anti-Money Laundering Essentials' }));
    expect(cb.onOpenRow).toHaveBeenCalledWith('course:2');
    await userEvent.selectOptions(screen.getByTestId('cpd-period-select'), '2025');
    expect(cb.onSelectPeriod).toHaveBeenCalledWith(2025);
  });

  it('shows the credited seconds, viewings, device and identity checks of a course; the check-in and check-out of a classroom', async () => {
    const { unmount } = show(cpdLedgerViewAt({ ready: { evidence: 'shown' } }, { openRow: 'course:2', evidence: COURSE_EVIDENCE }));
    const dialog = await screen.findByTestId('cpd-evidence');
    expect(within(dialog).getByRole('heading', { name: 'Evidence of Anti-Money Laundering Essentials' })).toBeInTheDocument();
    const credited = within(dialog).getAllByTestId('cpd-evidence-credited');
    expect(credited.map((c) => c.textContent)).toEqual(['Credited: 35 s', 'Credited: 1 h 2 min 5 s', 'No time credited']);
    expect(dialog).toHaveTextContent('Device 6b0e3c52-9a7d-4f18-b3c4-2d5e8f1a7c90');
    expect(dialog).toHaveTextContent('1 identity check passed');
    expect(dialog).toHaveTextContent('Never opened.');
    unmount();
    show(cpdLedgerViewAt({ ready: { evidence: 'shown' } }, { openRow: 'offline:5', evidence: CLASSROOM_EVIDENCE }));
    const classroom = await screen.findByTestId('cpd-evidence-attendance');
    expect(classroom).toHaveTextContent('Checked in');
    expect(classroom).toHaveTextContent('Checked out');
    expect(classroom).toHaveTextContent('Attended 3 h');
  });

  it('says there is no target to someone without one; offers Try again after a failure', async () => {
    const { unmount } = show(cpdLedgerViewAt({ ready: 'idle' }, { ledger: NO_TARGET_LEDGER, periods: [2026] }));
    expect(screen.getByTestId('cpd-no-target')).toBeInTheDocument();
    expect(screen.queryByTestId('cpd-needed')).toBeNull();
    unmount();
    const { cb } = show(cpdLedgerViewAt('failed', { ledger: null, periods: [] }));
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load your CPD hours.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(cb.onRetry).toHaveBeenCalledOnce();
  });

  it('speaks Chinese in zh and cn', () => {
    const { unmount } = show(cpdLedgerViewAt(), 'zh');
    expect(screen.getByTestId('cpd-needed')).toHaveTextContent('尚欠：4 小時');
    unmount();
    show(cpdLedgerViewAt(), 'cn');
    expect(screen.getByTestId('cpd-needed')).toHaveTextContent('尚欠：4 小时');
  });
});
