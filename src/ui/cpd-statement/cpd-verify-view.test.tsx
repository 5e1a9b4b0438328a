import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CERTIFICATE_VERIFICATION, cpdVerifyViewAt, GENUINE_CODE, STATEMENT_VERIFICATION } from '../../machines/cpd-statement/cpd-statement.fixtures';
import { renderWithI18n } from '../testing/render-with-i18n';
import { CpdVerifyView } from './cpd-verify-view';

const callbacks = () => ({ onEdit: vi.fn(), onSubmit: vi.fn(), onRetry: vi.fn() });
const checked = { code: GENUINE_CODE, checked: GENUINE_CODE };

describe('cpd-statement /verify view', () => {
  it('offers Check only for a code that can be one, and sends what is typed', async () => {
    const cb = callbacks();
    const { rerender } = renderWithI18n(<CpdVerifyView view={cpdVerifyViewAt()} {...cb} />);
    expect(screen.getByRole('button', { name: 'Check' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Verification code'), 'a');
    expect(cb.onEdit).toHaveBeenLastCalledWith('a');
    rerender(<CpdVerifyView view={cpdVerifyViewAt('idle', { code: 'ABC' })} {...cb} />);
    expect(screen.getByText('A code has 12 letters (A–Z) and digits (2–7).')).toBeInTheDocument();
    rerender(<CpdVerifyView view={cpdVerifyViewAt('idle', { code: 'abcd-efgh-jklm' })} {...cb} />);
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(cb.onSubmit).toHaveBeenCalledOnce();
  });

  it('shows a genuine statement: for whom and the totals', () => {
    renderWithI18n(<CpdVerifyView view={cpdVerifyViewAt('genuine', { ...checked, verification: STATEMENT_VERIFICATION })} {...callbacks()} />);
    expect(screen.getByTestId('cpd-verify-result')).toHaveAttribute('data-result', 'genuine');
    expect(screen.getByText('This CPD statement is genuine.')).toBeInTheDocument();
    expect(screen.getByText('Chan Tai Man (agent code agent01)')).toBeInTheDocument();
    expect(screen.getByText('CPD hours: 11 hours of 15 hours')).toBeInTheDocument();
    expect(screen.getByText('Code ABCD-EFGH-JKLM')).toBeInTheDocument();
  });

  it('shows a genuine certificate: the course, its hours and E/R', () => {
    renderWithI18n(<CpdVerifyView view={cpdVerifyViewAt('genuine', { ...checked, verification: CERTIFICATE_VERIFICATION })} {...callbacks()} />);
    expect(screen.getByText('Course: Anti-Money Laundering Essentials')).toBeInTheDocument();
    expect(screen.getByText('CPD hours: 3 hours')).toBeInTheDocument();
    expect(screen.getByText('Counts toward Ethics or Regulations')).toBeInTheDocument();
  });

  it('says not genuine, and offers Try again after a failure', async () => {
    const cb = callbacks();
    const { unmount } = renderWithI18n(<CpdVerifyView view={cpdVerifyViewAt('notGenuine', checked)} {...cb} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Not genuine');
    unmount();
    renderWithI18n(<CpdVerifyView view={cpdVerifyViewAt('failed', checked)} {...cb} />);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(cb.onRetry).toHaveBeenCalledOnce();
  });

  it('speaks Chinese in zh and cn', () => {
    const { unmount } = renderWithI18n(<CpdVerifyView view={cpdVerifyViewAt('notGenuine', checked)} {...callbacks()} />, 'zh');
    expect(screen.getByRole('alert')).toHaveTextContent('不是真實的');
    unmount();
    renderWithI18n(<CpdVerifyView view={cpdVerifyViewAt('notGenuine', checked)} {...callbacks()} />, 'cn');
    expect(screen.getByRole('alert')).toHaveTextContent('不是真实的');
  });
});
