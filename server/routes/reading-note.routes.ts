import { getReadingNoteRoute } from '../../src/api/schemas/reading-note.routes';
import { readingNoteFor } from '../domain/reading-note';
import { defineRoute } from '../http/define-route';
import type { ApiApp, AppServices } from '../http/services';

export function registerReadingNoteRoutes(app: ApiApp, s: AppServices): void {
  defineRoute(app, getReadingNoteRoute, s.requireFullAuth, async (c) => c.json(readingNoteFor(c.get('session').userId), 200));
}
