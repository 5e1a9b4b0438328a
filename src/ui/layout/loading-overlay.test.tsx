import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '../testing/render';
import { LoadingOverlay } from './loading-overlay';

describe('LoadingOverlay', () => {
  it('covers its container with a busy status and the given text', () => {
    renderWithI18n(<LoadingOverlay text="Saving..." />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(status).toHaveTextContent('Saving...');
    expect(status).not.toHaveClass('loading-overlay--page');
  });

  it('covers the whole page when asked, and tells screen readers it is loading when no text is given', () => {
    renderWithI18n(<LoadingOverlay fullPage />, 'cn');
    const status = screen.getByRole('status');
    expect(status).toHaveClass('loading-overlay--page');
    expect(status).toHaveTextContent('加载中...');
  });
});
