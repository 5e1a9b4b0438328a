import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema';
import { NOT_MOVED, OWNED_TABLES } from './account-merge';

/** Every "table.column" of the Drizzle schema that references users.id. */
function userReferences(): string[] {
  const found: string[] = [];
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const config = getTableConfig(table);
    for (const fk of config.foreignKeys) {
      const ref = fk.reference();
      if (getTableConfig(ref.foreignTable).name !== 'users') continue;
      for (const column of ref.columns) found.push(`${config.name}.${column.name}`);
    }
  }
  return found.sort();
}

const owned = () => OWNED_TABLES.map(({ table, user }) => `${getTableConfig(table).name}.${user.name}`).sort();

describe('the owned tables a merge moves (issue 14)', () => {
  it('covers every column that references users.id: moved, or not moved with a reason', () => {
    const missing = userReferences().filter((ref) => !owned().includes(ref) && !(ref in NOT_MOVED));
    // A new table whose rows a user owns: add it to OWNED_TABLES in server/domain/account-merge-owned.ts
    // (or to NOT_MOVED, saying why the merge leaves it).
    expect(missing).toEqual([]);
  });

  it('names only real user references, each once, with a reason for each one left alone', () => {
    const refs = userReferences();
    expect(owned().filter((ref) => !refs.includes(ref))).toEqual([]);
    expect(Object.keys(NOT_MOVED).filter((ref) => !refs.includes(ref))).toEqual([]);
    expect(owned().filter((ref) => ref in NOT_MOVED)).toEqual([]);
    expect(new Set(owned()).size).toBe(OWNED_TABLES.length);
    for (const reason of Object.values(NOT_MOVED)) expect(reason.length).toBeGreaterThan(10);
  });

  it('moves on-screen time, completions, likes, enrolments and identity checks', () => {
    expect(owned()).toEqual(
      expect.arrayContaining(['on_screen_logs.user_id', 'course_enrolments.user_id', 'course_likes.user_id', 'offline_enrolments.user_id', 'identity_checks.user_id']),
    );
  });
});
