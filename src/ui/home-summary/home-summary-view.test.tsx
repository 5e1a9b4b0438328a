import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONTINUE_ONLY, EMPTY_SUMMARY, homeSummaryViewOf, SUMMARY } from '../../machines/home-summary/home-summary.fixtures';
import type { HomeSummaryViewModel } from '../../machines/home-summary/home-summary.selectors';
import { renderWithI18n } from '../testing/render-with-i18n';
import type { Language } from '../../config/constants';
import { HomeSummaryView } from './home-summary-view';

const show = (view: HomeSummaryViewModel, lang?: Language, callbacks: { onRetry?: () => void; onNavigate?: (to: string) => void } = {}) =>
  renderWithI18n(<HomeSummaryView {...view} onRetry={callbacks.onRetry ?? (() => {})} onNavigate={callbacks.onNavigate ?? (() => {})} />, lang);

describe('home-summary view', () => {
  it('offers the last item to continue, opening its lesson page', async () => {
    const onNavigate = vi.fn();
    show(homeSummaryViewOf('ready', SUMMARY), 'en', { onNavigate });
    const link = screen.getByRole('link', { name: /How term life cover works/ });
    expect(link).toHaveAttribute('href', '/lesson/3/12');
    expect(link).toHaveTextContent('In Term Life Insurance Fundamentals');
    expect(screen.getByRole('heading', { name: 'Continue where you left off' })).toBeInTheDocument();
    await userEvent.click(link);
    expect(onNavigate).toHaveBeenCalledWith('/lesson/3/12');
  });

  it('lists what is due soonest first, each with its date in the language’s style and its page', () => {
    show(homeSummaryViewOf('ready', SUMMARY));
    const items = screen.getAllByTestId('home-due');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Briefing');
    expect(items[0]).toHaveTextContent(/Classroom session · starts 2 Dec 2026, \d\d:\d\d/);
    expect(within(items[0]).getByRole('link')).toHaveAttribute('href', '/offline/1');
    expect(items[1]).toHaveTextContent(/Closes 12 Dec 2026, \d\d:\d\d/);
    expect(within(items[1]).getByRole('link')).toHaveAttribute('href', '/course/6/quiz/7');
    expect(screen.getByText('2 things due in the next 14 days')).toBeInTheDocument();
  });

  it('says when nothing is due, and when there is nothing at all', () => {
    const { unmount } = show(homeSummaryViewOf('ready', CONTINUE_ONLY));
    expect(screen.getByText('Nothing due in the next 14 days.')).toBeInTheDocument();
    unmount();
    show(homeSummaryViewOf('empty', EMPTY_SUMMARY));
    expect(screen.getByText(/Nothing to continue and nothing due/)).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('offers Try again after a failure, and calls back', async () => {
    const onRetry = vi.fn();
    show(homeSummaryViewOf('failed'), 'en', { onRetry });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('speaks Chinese in zh and cn, dates included', () => {
    const { unmount } = show(homeSummaryViewOf('ready', SUMMARY), 'zh');
    expect(screen.getByRole('heading', { name: '從上次停下的地方繼續' })).toBeInTheDocument();
    expect(screen.getAllByTestId('home-due')[1]).toHaveTextContent(/2026年12月12日 \d\d:\d\d 截止/);
    unmount();
    show(homeSummaryViewOf('loading'), 'cn');
    expect(screen.getByRole('status')).toHaveTextContent('正在载入你的学习');
  });
});
