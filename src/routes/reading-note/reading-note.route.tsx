import { useEffect, useState } from 'react';
import { getReadingNotes } from '../../api/reading-note.api';
import type { ReadingNote } from '../../api/schemas/reading-note.schema';
import { ReadingNoteView } from '../../ui/reading-note/reading-note-view';
import { CoursesNamespace } from '../courses/courses-namespace';

/** All of the learner's notes, by course (a read and its retry; nothing to decide). */
/** /notes: its texts load with the learning pages' (courses-namespace.tsx). */
export default function ReadingNoteRoute() {
  return (
    <CoursesNamespace>
      <ReadingNotes />
    </CoursesNamespace>
  );
}

function ReadingNotes() {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'failed'; notes: ReadingNote[] }>({ status: 'loading', notes: [] });
  useEffect(() => {
    let live = true;
    getReadingNotes().then(
      (notes) => live && setState({ status: 'ready', notes }),
      () => live && setState({ status: 'failed', notes: [] }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  return <ReadingNoteView {...state} onRetry={() => (setState({ status: 'loading', notes: [] }), setAttempt((n) => n + 1))} />;
}
