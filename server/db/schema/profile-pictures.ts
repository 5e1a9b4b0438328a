import { bigint, customType, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * PostgreSQL `bytea`, read back as a Uint8Array: PGlite answers one, postgres.js a Buffer (a
 * Uint8Array too). Drizzle has no bytea column of its own.
 */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * The learners' icons and covers (ADR 060, addendum 2): the bytes live beside the row that points
 * at them. A new picture, the user's new URL and the removal of the picture it replaces are one
 * transaction, so no process and no machine behind a load balancer ever sees a URL without its
 * picture, and no picture is left that nothing points at.
 */
export const profilePictures = pgTable(
  'profile_pictures',
  {
    /** `<uuid>.<png|jpg|webp>`: the last part of the picture's URL, chosen by the server. */
    name: text('name').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mediaType: text('media_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('profile_pictures_user_id_idx').on(t.userId)],
);
