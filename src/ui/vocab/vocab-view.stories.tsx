import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { sampleVocab, vocabViewAt } from '../../machines/vocab/vocab.fixtures';
import { VocabView } from './vocab-view';
import { machineDiagramStory } from '../testing/machine-diagram';

// DESIGN §4: every visible state of the vocabulary page, its props built from the machine's state through the selectors.
const callbacks = { onSearch: fn(), onBookmarkedOnly: fn(), onRetry: fn(), onRefresh: fn(), onRetryBookmarks: fn(), onToggleBookmark: fn() };
const meta = {
  title: 'Pages/Vocabulary',
  component: VocabView,
  args: { view: vocabViewAt(), q: '', bookmarkedOnly: false, ...callbacks },
} satisfies Meta<typeof VocabView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {};
export const Opening: Story = { args: { view: vocabViewAt({ glossary: 'opening', bookmarks: 'loading' }, { cache: null, entries: [] }) } };
export const CheckingTheCopy: Story = { args: { view: vocabViewAt({ glossary: 'checking' }) } };
export const ReadingANewerList: Story = { args: { view: vocabViewAt({ glossary: 'fetching' }) } };
export const OfflineCopy: Story = { args: { view: vocabViewAt({}, { offline: true }) } };
export const Searched: Story = { args: { q: 'prem', view: vocabViewAt({}, { filter: { lang: 'en', q: 'prem', bookmarkedOnly: false } }) } };
export const NoMatch: Story = { args: { q: 'zebra', view: vocabViewAt({}, { filter: { lang: 'en', q: 'zebra', bookmarkedOnly: false } }) } };
export const BookmarkedOnly: Story = { args: { bookmarkedOnly: true, view: vocabViewAt({}, { filter: { lang: 'en', q: '', bookmarkedOnly: true } }) } };
export const NoBookmarks: Story = { args: { bookmarkedOnly: true, view: vocabViewAt({}, { bookmarks: [], filter: { lang: 'en', q: '', bookmarkedOnly: true } }) } };
export const SavingABookmark: Story = { args: { view: vocabViewAt({ bookmarks: { ready: 'saving' } }, { bookmarks: ['1', '2'], pending: [{ id: '2', on: true }] }) } };
export const BookmarkRefused: Story = { args: { view: vocabViewAt({}, { bookmarkFailed: true, bookmarkError: 'This vocabulary entry does not exist.' }) } };
export const BookmarksFailed: Story = { args: { view: vocabViewAt({ bookmarks: 'failed' }, { bookmarks: [] }) } };
export const Failed: Story = { args: { view: vocabViewAt({ glossary: 'failed' }, { cache: null, entries: [] }) } };
export const FailedWithServerText: Story = { args: { view: vocabViewAt({ glossary: 'failed' }, { cache: null, entries: [], error: 'The server is busy. Please try again shortly.' }) } };
export const EmptyGlossary: Story = { args: { view: vocabViewAt({}, { cache: { lastUpdate: sampleVocab[0].created_at, entries: [] }, entries: [] }) } };
export const ReadyTraditionalChinese: Story = { args: { view: vocabViewAt({}, { filter: { lang: 'zh', q: '', bookmarkedOnly: false } }) }, globals: { locale: 'zh' } };
export const ReadySimplifiedChinese: Story = { args: { view: vocabViewAt({}, { filter: { lang: 'cn', q: '', bookmarkedOnly: false } }) }, globals: { locale: 'cn' } };
export const ReadyPhone: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };

// The machine behind these stories (docs/machines/, generated from its definition).
export const VocabDiagram = machineDiagramStory('vocab');
