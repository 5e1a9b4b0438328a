import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithI18n } from '../testing/render-with-i18n';
import { ForbiddenView } from './forbidden-view';

// Issue 43 item 19: a refused page says "not allowed" (never "check your connection"), with a way back.

describe('forbidden page', () => {
  it("shows the server's reason and goes back", async () => {
    const onBack = vi.fn();
    renderWithI18n(<ForbiddenView message="Only this session's trainer can see its codes." canGoBack onBack={onBack} />);
    expect(screen.getByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.getByText("Only this session's trainer can see its codes.")).toBeInTheDocument();
    expect(screen.queryByText(/connection/i)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Back to previous page' }));
    expect(onBack).toHaveBeenCalledOnce();
  });

  it('opened directly (no page to go back to): its own text and the way home', () => {
    renderWithI18n(<ForbiddenView message={null} canGoBack={false} onBack={() => {}} />);
    expect(screen.getByText('You do not have permission to open this page.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to the home page' })).toBeInTheDocument();
  });

  it.each([
    ['zh', '不允許存取', '您沒有權限開啟此頁面。', '返回上一頁'],
    ['cn', '不允许访问', '您没有权限打开此页面。', '返回上一页'],
  ] as const)('speaks %s', (lang, title, message, back) => {
    renderWithI18n(<ForbiddenView message={null} canGoBack onBack={() => {}} />, lang);
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: back })).toBeInTheDocument();
  });
});
