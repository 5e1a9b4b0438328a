import { deleteReadingNoteRoute, getReadingNotesRoute, patchReadingNoteRoute, postReadingNoteRoute } from '../../src/api/schemas/reading-note.routes';
import { createReadingNote, deleteReadingNote, editReadingNote, listReadingNotes } from '../domain/reading-note';
import { langOf } from '../http/context';
import { defineRoute } from '../http/define-route';
import type { ApiApp, AppServices } from '../http/services';

/** Issue 47, ADR 102: the caller's own reading notes; times from the server's clock. */
export function registerReadingNoteRoutes(app: ApiApp, s: AppServices): void {
  const now = () => new Date(s.clock.now());
  const userOf = (c: { get(key: 'session'): { userId: number } }) => c.get('session').userId;

  defineRoute(app, getReadingNotesRoute, s.requireFullAuth, async (c, { query }) =>
    c.json({ data: await listReadingNotes(s.db, userOf(c), query.item_id === undefined ? null : Number(query.item_id), langOf(c)) }, 200),
  );
  defineRoute(app, postReadingNoteRoute, s.requireFullAuth, async (c, { body }) => c.json(await createReadingNote(s.db, userOf(c), body, now(), langOf(c)), 201));
  defineRoute(app, patchReadingNoteRoute, s.requireFullAuth, async (c, { params, body }) =>
    c.json(await editReadingNote(s.db, userOf(c), Number(params.id), body, now(), langOf(c)), 200),
  );
  defineRoute(app, deleteReadingNoteRoute, s.requireFullAuth, async (c, { params }) => {
    await deleteReadingNote(s.db, userOf(c), Number(params.id));
    return c.body(null, 204);
  });
}
