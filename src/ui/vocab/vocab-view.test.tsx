import { describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vocabViewAt } from '../../machines/vocab/vocab.fixtures';
import { renderWithI18n } from '../testing/render-with-i18n';
import { VocabView, type VocabViewProps } from './vocab-view';

function props(overrides: Partial<VocabViewProps> = {}): VocabViewProps {
  return {
    view: vocabViewAt(),
    q: '',
    bookmarkedOnly: false,
    onSearch: vi.fn(),
    onBookmarkedOnly: vi.fn(),
    onRetry: vi.fn(),
    onRefresh: vi.fn(),
    onRetryBookmarks: vi.fn(),
    onToggleBookmark: vi.fn(),
    ...overrides,
  };
}

/** A fresh page with these props (the provider is part of what renderWithI18n renders). */
function show(p: VocabViewProps) {
  cleanup();
  return renderWithI18n(<VocabView {...p} />);
}

const words = () => screen.queryAllByTestId('vocab-entry').map((c) => within(c).getByRole('heading', { level: 2 }).textContent);

describe('vocab view', () => {
  it('shows each entry in the interface language with its other words, and its bookmark as a toggle', async () => {
    const p = props();
    renderWithI18n(<VocabView {...p} />);
    expect(words()).toEqual(['Cooling-off period', 'Premium', 'Rider']);
    const [cooling, premium, rider] = screen.getAllByTestId('vocab-entry');
    expect(cooling).toHaveTextContent('冷靜期 · 冷静期');
    expect(rider).toHaveTextContent('附加保障');
    expect(rider).not.toHaveTextContent('附加保障 · 附加保障');
    expect(screen.getByRole('status')).toHaveTextContent('3 of 3 words');
    expect(within(cooling).getByRole('button', { name: 'Bookmark “Cooling-off period”' })).toHaveAttribute('aria-pressed', 'true');
    const toggle = within(premium).getByRole('button', { name: 'Bookmark “Premium”' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(p.onToggleBookmark).toHaveBeenCalledWith('2');
  });

  it('shows the words and explanations of the traditional Chinese interface first', () => {
    renderWithI18n(<VocabView {...props({ view: vocabViewAt({}, { filter: { lang: 'zh', q: '', bookmarkedOnly: false } }) })} />, 'zh');
    expect(words()).toEqual(['冷靜期', '保費', '附加保障']);
    expect(screen.getAllByTestId('vocab-entry')[1]).toHaveTextContent('Premium · 保费');
    expect(screen.getAllByTestId('vocab-entry')[1]).toHaveTextContent('為獲得保障而支付給保險公司的款項。');
  });

  it('hands the search box’s words and the bookmark filter to the page', async () => {
    const p = props();
    renderWithI18n(<VocabView {...p} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Look up a word' }), 'p');
    expect(p.onSearch).toHaveBeenLastCalledWith('p');
    await userEvent.click(screen.getByRole('button', { name: 'Bookmarked' }));
    expect(p.onBookmarkedOnly).toHaveBeenCalledWith(true);
  });

  it('filters by the search (any of the six fields) and by the bookmarks, and says when nothing matches', () => {
    const search = (q: string, bookmarkedOnly = false) => props({ q, bookmarkedOnly, view: vocabViewAt({}, { filter: { lang: 'en', q, bookmarkedOnly } }) });
    show(search('INSURER'));
    expect(words()).toEqual(['Premium']);
    show(search('保單'));
    expect(words()).toEqual(['Cooling-off period', 'Rider']);
    show(search('', true));
    expect(words()).toEqual(['Cooling-off period']);
    show(search('zebra'));
    expect(words()).toEqual([]);
    expect(screen.getByText('No word matches “zebra”.')).toBeInTheDocument();
    show(props({ bookmarkedOnly: true, view: vocabViewAt({}, { bookmarks: [], filter: { lang: 'en', q: '', bookmarkedOnly: true } }) }));
    expect(screen.getByText('You have not bookmarked any word yet.')).toBeInTheDocument();
  });

  it('keeps the shown glossary while a newer one is checked for, and says when it is the device’s copy', () => {
    show(props({ view: vocabViewAt({ glossary: 'checking' }) }));
    expect(words()).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveTextContent('Checking for a newer glossary…');
    expect(screen.getByRole('button', { name: 'Check for updates' })).toBeDisabled();
    show(props({ view: vocabViewAt({}, { offline: true }) }));
    expect(screen.getByRole('status')).toHaveTextContent('Showing the glossary saved on this device');
    expect(screen.getByRole('button', { name: 'Check for updates' })).toBeEnabled();
  });

  it('offers the bookmarks only once they are read, and says when a change was refused', async () => {
    const p = props({ view: vocabViewAt({ bookmarks: 'loading' }, { bookmarks: [] }) });
    show(p);
    for (const button of screen.getAllByRole('button', { name: /^Bookmark “/ })) expect(button).toBeDisabled();
    show(props({ view: vocabViewAt({}, { bookmarkFailed: true, bookmarkError: 'This vocabulary entry does not exist.' }) }));
    expect(screen.getByRole('alert')).toHaveTextContent('This vocabulary entry does not exist.');
    const failed = props({ view: vocabViewAt({ bookmarks: 'failed' }, { bookmarks: [] }) });
    show(failed);
    expect(screen.getByRole('alert')).toHaveTextContent('Your bookmarks could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Load bookmarks again' }));
    expect(failed.onRetryBookmarks).toHaveBeenCalledOnce();
  });

  it('shows a failed first read with a retry, and the loading state before anything is known', async () => {
    const p = props({ view: vocabViewAt({ glossary: 'failed' }, { cache: null, entries: [] }) });
    show(p);
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load the glossary.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(p.onRetry).toHaveBeenCalledOnce();
    show(props({ view: vocabViewAt({ glossary: 'opening', bookmarks: 'loading' }, { cache: null, entries: [] }) }));
    expect(screen.getByText('Loading the glossary…')).toBeInTheDocument();
  });
});
