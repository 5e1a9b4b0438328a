import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { readingNotePlacePath, type ReadingNote } from '../../api/schemas/reading-note.schema';
import { Button } from '../primitives/button';

export interface ReadingNoteViewProps {
  status: 'loading' | 'ready' | 'failed';
  notes: ReadingNote[];
  onRetry: () => void;
}

/** Notes grouped by course, in the order the server gives (by course, newest first). */
function byCourse(notes: ReadingNote[]) {
  const groups = new Map<string, { title: string; notes: ReadingNote[] }>();
  for (const note of notes) {
    const group = groups.get(note.course_id) ?? { title: note.course_title, notes: [] };
    group.notes.push(note);
    groups.set(note.course_id, group);
  }
  return [...groups.entries()];
}

/** /notes (issue 47): the learner's reading notes by course, each with a link back to its place. */
export function ReadingNoteView({ status, notes, onRetry }: ReadingNoteViewProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="reading-note-title" className="reading-note-list">
      <h1 id="reading-note-title">{t('reading-note:title')}</h1>
      {status === 'loading' ? <p role="status">{t('reading-note:loading')}</p> : null}
      {status === 'failed' ? (
        <div role="alert">
          <p>{t('reading-note:failed')}</p>
          <Button onClick={onRetry}>{t('reading-note:retry')}</Button>
        </div>
      ) : null}
      {status === 'ready' && notes.length === 0 ? <p>{t('reading-note:list_empty')}</p> : null}
      {status === 'ready'
        ? byCourse(notes).map(([courseId, group]) => (
            <section key={courseId} aria-labelledby={`notes-course-${courseId}`} data-testid="notes-course">
              <h2 id={`notes-course-${courseId}`}>
                {group.title} <small>{t('reading-note:notes_count', { count: group.notes.length })}</small>
              </h2>
              <ul>
                {group.notes.map((note) => (
                  <li key={note.id} data-testid="notes-list-note">
                    <Link to={readingNotePlacePath(note)}>
                      {note.item_title}
                      {note.pdf_page ? ` · ${t('reading-note:on_page', { page: note.pdf_page })}` : ''}
                    </Link>
                    {note.quote ? <blockquote>{note.quote}</blockquote> : null}
                    <p>{note.text}</p>
                  </li>
                ))}
              </ul>
            </section>
          ))
        : null}
    </section>
  );
}
