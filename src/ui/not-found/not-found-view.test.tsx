import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithI18n } from '../testing/render-with-i18n';
import { NotFoundView } from './not-found-view';

describe('not found page', () => {
  it('has the English heading, message and back button', async () => {
    const onBack = vi.fn();
    renderWithI18n(<NotFoundView onBack={onBack} />);
    expect(screen.getByRole('heading', { name: 'Not Found' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to previous page' }));
    expect(onBack).toHaveBeenCalledOnce();
  });

  it('speaks traditional Chinese in zh', () => {
    renderWithI18n(<NotFoundView onBack={() => {}} />, 'zh');
    expect(screen.getByRole('heading', { name: '哎呀' })).toBeInTheDocument();
    expect(screen.getByText('找不到您要的頁面')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '返回上一頁' })).toBeInTheDocument();
  });

  it('speaks simplified Chinese in cn', () => {
    renderWithI18n(<NotFoundView onBack={() => {}} />, 'cn');
    expect(screen.getByRole('heading', { name: '哎呀' })).toBeInTheDocument();
    expect(screen.getByText('找不到您要的页面')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '返回上一页' })).toBeInTheDocument();
  });
});
