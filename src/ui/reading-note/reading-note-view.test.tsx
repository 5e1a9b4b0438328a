import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ReadingNote } from '../../api/schemas/reading-note.schema';
import { ReadingNoteView } from './reading-note-view';

const note = (id: string, courseId: string, page: number | null): ReadingNote => ({
  id, course_id: courseId, course_title: `Course ${courseId}`, item_id: `1${id}`, item_title: `Item ${id}`, attachment_id: page ? '5' : null,
  attachment_name: page ? 'guide.pdf' : null, pdf_page: page, text: `Text ${id}`, quote: null, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z',
});

describe('the notes list (issue 47)', () => {
  it('groups the notes by course and links each back to its item and PDF page', () => {
    render(
      <MemoryRouter>
        <ReadingNoteView status="ready" notes={[note('1', '7', 2), note('2', '7', null), note('3', '8', null)]} onRetry={() => undefined} />
      </MemoryRouter>,
    );
    const groups = screen.getAllByTestId('notes-course');
    expect(groups).toHaveLength(2);
    expect(within(groups[0]).getAllByTestId('notes-list-note')).toHaveLength(2);
    expect(within(groups[0]).getAllByRole('link')[0].getAttribute('href')).toBe('/lesson/7/11?page=2');
    expect(within(groups[1]).getByRole('link').getAttribute('href')).toBe('/lesson/8/13');
  });
});
