import { bookmarkVocabRoute, listVocabBookmarksRoute, listVocabRoute, unbookmarkVocabRoute, vocabLastUpdateRoute } from '../../src/api/schemas/vocab.routes';
import { assertVocabOn, listVocab, listVocabBookmarks, setVocabBookmark, vocabLastUpdate } from '../domain/vocab';
import { defineRoute } from '../http/define-route';
import type { ApiApp, AppServices } from '../http/services';

/** The vocabulary glossary and the caller's bookmarks (SPEC §7); 404 while the vocab flag is off. */
export function registerVocabRoutes(app: ApiApp, s: AppServices): void {
  defineRoute(app, listVocabRoute, s.requireFullAuth, async (c) => {
    assertVocabOn(s.config);
    return c.json(await listVocab(s.db), 200);
  });

  defineRoute(app, vocabLastUpdateRoute, s.requireFullAuth, async (c) => {
    assertVocabOn(s.config);
    return c.text(await vocabLastUpdate(s.db), 200);
  });

  defineRoute(app, listVocabBookmarksRoute, s.requireFullAuth, async (c) => {
    assertVocabOn(s.config);
    return c.json(await listVocabBookmarks(s.db, c.get('session').userId), 200);
  });

  for (const [contract, on] of [
    [bookmarkVocabRoute, true],
    [unbookmarkVocabRoute, false],
  ] as const) {
    defineRoute(app, contract, s.requireFullAuth, async (c, { params }) => {
      assertVocabOn(s.config);
      await setVocabBookmark(s.db, c.get('session').userId, Number(params.id), on);
      return c.body(null, 204);
    });
  }
}
