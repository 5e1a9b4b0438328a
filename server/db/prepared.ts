import type { Db } from './client';

/**
 * Statements built once per database and run as prepared queries (ADR 037): Drizzle builds a
 * query's SQL anew on every call, which for the hot paths cost more CPU than PostgreSQL's work.
 * `build` receives the database and returns its `.prepare(name)`d statements, whose values come
 * from `sql.placeholder`s. Only for queries run outside a transaction: a statement prepared on the
 * database runs on a pool connection, never inside a transaction's.
 */
export function preparedPerDatabase<Statements>(build: (db: Db) => Statements): (db: Db) => Statements {
  const built = new WeakMap<Db, Statements>();
  return (db) => {
    let statements = built.get(db);
    if (!statements) built.set(db, (statements = build(db)));
    return statements;
  };
}
