import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithI18n } from '../testing/render-with-i18n';
import { ReadingNoteView } from './reading-note-view';

describe('reading-note view', () => {
  it('shows the items', () => {
    renderWithI18n(<ReadingNoteView status="ready" items={[{ id: '1', title: 'First' }]} canRetry={false} onRetry={() => {}} />);
    expect(screen.getByRole('listitem')).toHaveTextContent('First');
  });

  it('offers Try again after a failure, and calls back', async () => {
    const onRetry = vi.fn();
    renderWithI18n(<ReadingNoteView status="failed" items={[]} canRetry onRetry={onRetry} />);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('speaks Chinese in zh and cn', () => {
    const { unmount } = renderWithI18n(<ReadingNoteView status="loading" items={[]} canRetry={false} onRetry={() => {}} />, 'zh');
    expect(screen.getByRole('status')).toHaveTextContent('載入中');
    unmount();
    renderWithI18n(<ReadingNoteView status="loading" items={[]} canRetry={false} onRetry={() => {}} />, 'cn');
    expect(screen.getByRole('status')).toHaveTextContent('载入中');
  });
});
