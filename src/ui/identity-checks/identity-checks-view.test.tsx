import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../testing/render';
import { IdentityChecksView, type IdentityChecksViewProps } from './identity-checks-view';

const result = {
  data: [
    { id: '2', type: 'authenticator' as const, outcome: 'success' as const, course_id: '12', item_id: '7', created_at: '2026-01-05T09:30:00.000Z' },
    { id: '1', type: 'password' as const, outcome: 'failure' as const, course_id: null, item_id: null, created_at: '2026-01-05T09:00:00.000Z' },
  ],
  page: 2,
  per_page: 2,
  total: 5,
};
function props(over: Partial<IdentityChecksViewProps> = {}): IdentityChecksViewProps {
  return { status: 'ready', result, canVerify: true, promptsRunning: false, showVerify: true, onVerify: vi.fn(), onPage: vi.fn(), onRetry: vi.fn(), ...over };
}

describe('IdentityChecksView', () => {
  it('lists time, check, result, course and item, translated', () => {
    renderWithI18n(<IdentityChecksView {...props()} />);
    const [first, second] = screen.getAllByTestId('identity-check-row');
    expect(within(first).getAllByRole('cell').map((c) => c.textContent)).toEqual([expect.stringContaining('2026'), 'Authenticator code', 'Passed', '12', '7']);
    expect(within(second).getAllByRole('cell').slice(1).map((c) => c.textContent)).toEqual(['Password', 'Failed', '—', '—']);
    expect(within(first).getByRole('cell', { name: /2026/ }).querySelector('time')).toHaveAttribute('dateTime', '2026-01-05T09:30:00.000Z');
  });

  it('pages through the list', async () => {
    const p = props();
    renderWithI18n(<IdentityChecksView {...p} />);
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(vi.mocked(p.onPage).mock.calls).toEqual([[3], [1]]);
  });

  it('has an empty state, a loading state and a retry after a failure', async () => {
    const { unmount } = renderWithI18n(<IdentityChecksView {...props({ result: { data: [], page: 1, per_page: 10, total: 0 } })} />);
    expect(screen.getByText('No identity checks yet.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).toBeNull();
    unmount();
    const loading = renderWithI18n(<IdentityChecksView {...props({ status: 'loading', result: null })} />);
    expect(screen.getByTestId('loading-overlay')).toBeInTheDocument();
    loading.unmount();
    const p = props({ status: 'failed', result: null });
    renderWithI18n(<IdentityChecksView {...p} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The identity checks could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(p.onRetry).toHaveBeenCalledOnce();
  });

  it('offers the manual check only when it can open', async () => {
    const p = props();
    const { unmount } = renderWithI18n(<IdentityChecksView {...p} />);
    await userEvent.click(screen.getByRole('button', { name: 'Verify my identity' }));
    expect(p.onVerify).toHaveBeenCalledOnce();
    unmount();
    renderWithI18n(<IdentityChecksView {...props({ canVerify: false, promptsRunning: true })} />, 'zh');
    expect(screen.getByRole('button', { name: '驗證我的身份' })).toBeDisabled();
    expect(screen.getByText('學習頁面正在進行身份驗證，目前無法手動驗證。')).toBeInTheDocument();
  });

  it('does not claim prompts are running while only the manual check is open (issue 11 §5)', () => {
    renderWithI18n(<IdentityChecksView {...props({ canVerify: false, promptsRunning: false })} />);
    expect(screen.getByRole('button', { name: 'Verify my identity' })).toBeDisabled();
    expect(screen.queryByText(/Identity prompts are running/)).toBeNull();
  });
});
