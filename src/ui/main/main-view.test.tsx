import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithI18n } from '../testing/render-with-i18n';
import { homeTiles } from './home-tiles';
import { MainView } from './main-view';
import { cpdProgressOf, LEDGER } from '../../machines/cpd-ledger/cpd-ledger.fixtures';
import { homeSummaryViewOf, SUMMARY } from '../../machines/home-summary/home-summary.fixtures';
import { HomeSummaryView } from '../home-summary/home-summary-view';

const allOn = { offlineCourse: true, learningMap: true, mockExam: true };

describe('home tiles', () => {
  it('are the five shortcuts of SPEC §2 in order, each an image, a title and a link', () => {
    const tiles = homeTiles(allOn);
    expect(tiles.map((t) => t.link)).toEqual(['/courses/all', '/courses/material', '/offline', '/learning-map', '/mockexam']);
    for (const tile of tiles) {
      expect(tile.art).toMatch(/^[a-z-]+$/);
      expect(tile.titleKey).toMatch(/^nav-titles:/);
      expect(tile.disabled).toBeUndefined();
    }
  });

  it('follow the feature flags: learning map and mock exam hidden, offline greyed', () => {
    const tiles = homeTiles({ offlineCourse: false, learningMap: false, mockExam: false });
    expect(tiles.map((t) => [t.link, t.disabled ?? false])).toEqual([
      ['/courses/all', false],
      ['/courses/material', false],
      ['/offline', true],
    ]);
  });

  it('render as links with translated titles and images', async () => {
    const onNavigate = vi.fn();
    renderWithI18n(<MainView userName="Chan Tai Man" tiles={homeTiles(allOn)} onNavigate={onNavigate} />);
    const links = screen.getAllByTestId('home-tile');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/courses/all', '/courses/material', '/offline', '/learning-map', '/mockexam']);
    expect(links.map((a) => a.textContent)).toEqual(['All Courses', 'Material Library', 'Offline Courses', 'Learning Map', 'Mock Exam']);
    // Each tile its own picture, drawn inline (ADR 047), hidden from screen readers: the title names it.
    expect(links.map((a) => a.querySelector('svg[aria-hidden="true"]')?.getAttribute('data-art'))).toEqual(['all-courses', 'material-library', 'offline-courses', 'learning-map', 'mock-exam']);
    await userEvent.click(links[1]);
    expect(onNavigate).toHaveBeenCalledWith('/courses/material');
  });

  it('grey out a disabled tile: no link, not clickable', () => {
    renderWithI18n(<MainView userName={null} tiles={homeTiles({ ...allOn, offlineCourse: false })} onNavigate={() => {}} />, 'zh');
    expect(screen.getAllByTestId('home-tile')).toHaveLength(4);
    expect(screen.getByText('線下課程').closest('[aria-disabled="true"]')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('歡迎');
  });

  it('shows this period’s CPD progress as a tile linking to /cpd, beside (not among) the shortcuts (issue 45)', async () => {
    const onNavigate = vi.fn();
    const { rerender } = renderWithI18n(<MainView userName="Chan Tai Man" tiles={homeTiles(allOn)} onNavigate={onNavigate} />);
    expect(screen.queryByTestId('cpd-progress-tile')).toBeNull();
    rerender(<MainView userName="Chan Tai Man" tiles={homeTiles(allOn)} cpdProgress={cpdProgressOf(LEDGER)} onNavigate={onNavigate} />);
    const tile = screen.getByTestId('cpd-progress-tile');
    expect(tile).toHaveAttribute('href', '/cpd');
    expect(tile).toHaveTextContent('11 hours of 15 hours');
    expect(tile).toHaveTextContent('Still needed: 4 hours');
    expect(tile).toHaveTextContent('241 days left');
    expect(screen.getAllByTestId('home-tile')).toHaveLength(5);
    await userEvent.click(tile);
    expect(onNavigate).toHaveBeenCalledWith('/cpd');
  });

  it('puts the learner’s summary last, below the shortcuts and the CPD tile, so its arrival moves nothing (issue 45)', () => {
    const { container } = renderWithI18n(
      <MainView userName="Chan Tai Man" tiles={homeTiles(allOn)} cpdProgress={cpdProgressOf(LEDGER)} onNavigate={() => {}}>
        <HomeSummaryView {...homeSummaryViewOf('ready', SUMMARY)} onRetry={() => {}} onNavigate={() => {}} />
      </MainView>,
    );
    const order = [...container.querySelectorAll('.main-view__tiles, [data-testid="cpd-progress-tile"], [data-testid="home-summary"]')].map((e) => e.getAttribute('data-testid') ?? 'tiles');
    expect(order).toEqual(['tiles', 'cpd-progress-tile', 'home-summary']);
  });
});
