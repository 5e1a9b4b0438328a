import { sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import type { MergeChanges, MovedRows } from '../db/schema';

// Issue 14 and 43: how a merge moves a recruit's rows into the agent account, combines the rows
// both accounts have (the further one wins), and records every change so its undo is exact.

export type Row = Record<string, unknown>;

/** A table whose rows a user owns, and the column that says whose they are. */
export interface OwnedTable {
  table: PgTable;
  user: PgColumn;
  /** When the agent has an equal of a recruit's row (a unique key): how the two become one. */
  combine?: Combine;
}

/**
 * Two rows of one thing (same course, same attachment …): the recruit's row is removed and the
 * agent's becomes `resolve(recruit, agent)` (the columns to set; empty: it stays as it is).
 * Only for tables no other table references (a removed row must not take others with it).
 */
export interface Combine {
  /** With the user column, the unique key: the agent's equal has the same values. */
  key: string[];
  /** The rows the unique key holds for (a partial unique index: the active ones). */
  only?: SQL;
  resolve(recruit: Row, agent: Row): Row;
}

export interface TableShape {
  name: string;
  user: string;
  pk: string[];
  /** Columns that can be written (not generated, not identity). */
  writable: string[];
  combine?: Combine;
}

export function shapeOf({ table, user, combine }: OwnedTable): TableShape {
  const config = getTableConfig(table);
  const pk = [...config.columns.filter((c) => c.primary).map((c) => c.name), ...config.primaryKeys.flatMap((p) => p.columns.map((c) => c.name))];
  if (pk.length === 0) throw new Error(`account merge: ${config.name} has no primary key`);
  const writable = config.columns.filter((c) => !c.generated && !c.generatedIdentity).map((c) => c.name);
  return { name: config.name, user: user.name, pk, writable, combine };
}

// PGlite answers {rows}, postgres-js an array of rows.
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

export const id = (name: string) => sql.identifier(name);
export const list = (names: string[]) =>
  sql.join(
    names.map((n) => id(n)),
    sql`, `,
  );
export const pkMatch = (pk: string[], row: Row): SQL =>
  sql.join(
    pk.map((c) => sql`${id(c)} = ${row[c]}`),
    sql` and `,
  );

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Primary keys as JSON can hold them (bigint as text; PostgreSQL reads the text back as the column's type). */
export const keysOf = (result: unknown) =>
  rowsOf<Row>(result).map((row) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'bigint' ? String(v) : v instanceof Date ? v.toISOString() : v])),
  );

/** The whole rows of `where`, as JSON (to_jsonb: every type round-trips through jsonb_populate_record). */
export async function imagesOf(tx: Db, table: string, where: SQL): Promise<Row[]> {
  const result = await tx.execute(sql`select to_jsonb(${id(table)}) as image from ${id(table)} where ${where}`);
  return rowsOf<{ image: Row | string }>(result).map((r) => (typeof r.image === 'string' ? (JSON.parse(r.image) as Row) : r.image));
}

/** The record of one merge's changes, filled as it runs. */
export class ChangeLog {
  readonly changes: MergeChanges = { updated: {}, removed: {}, inserted: {} };
  private add(kind: keyof MergeChanges, table: string, rows: Row[]) {
    if (rows.length === 0) return;
    (this.changes[kind][table] ??= []).push(...rows);
  }
  updated = (table: string, rows: Row[]) => this.add('updated', table, rows);
  removed = (table: string, rows: Row[]) => this.add('removed', table, rows);
  inserted = (table: string, rows: Row[]) => this.add('inserted', table, rows);
}

/** Removes the rows of `where`, keeping each whole in the log. */
export async function removeRows(tx: Db, log: ChangeLog, table: string, where: SQL): Promise<void> {
  log.removed(table, await imagesOf(tx, table, where));
  await tx.execute(sql`delete from ${id(table)} where ${where}`);
}

/** Sets `values` on the rows of `where`, keeping each as it was in the log. */
export async function updateRows(tx: Db, log: ChangeLog, table: string, where: SQL, values: Row): Promise<void> {
  const entries = Object.entries(values);
  if (entries.length === 0) return;
  log.updated(table, await imagesOf(tx, table, where));
  const set = sql.join(
    entries.map(([c, v]) => sql`${id(c)} = ${v}`),
    sql`, `,
  );
  await tx.execute(sql`update ${id(table)} set ${set} where ${where}`);
}

export interface TableOutcome {
  moved: Row[];
  /** Rows combined with the agent's equal. */
  combined: Row[];
  /** Rows that stay with the recruit (the agent has an equal and the table has no combine rule). */
  kept: number;
}

async function combineRow(tx: Db, log: ChangeLog, shape: TableShape, combine: Combine, key: Row, agentId: number): Promise<boolean> {
  const [recruit] = await imagesOf(tx, shape.name, pkMatch(shape.pk, key));
  const agentWhere = sql`${id(shape.user)} = ${agentId} and ${pkMatch(combine.key, recruit)} and ${combine.only ?? sql`true`}`;
  const [agent] = await imagesOf(tx, shape.name, agentWhere);
  if (!agent) return false;
  await removeRows(tx, log, shape.name, pkMatch(shape.pk, key));
  await updateRows(tx, log, shape.name, agentWhere, combine.resolve(recruit, agent));
  return true;
}

/**
 * Moves one table's rows, in savepoints: all at once, or when the agent already has an equal of
 * some (a unique key: same course, same attachment …), one by one, combining those (or leaving them).
 */
export async function moveTable(tx: Db, log: ChangeLog, shape: TableShape, fromId: number, toId: number): Promise<TableOutcome> {
  const update = (db: Db, where: SQL) =>
    db.execute(sql`update ${id(shape.name)} set ${id(shape.user)} = ${toId} where ${id(shape.user)} = ${fromId} and ${where} returning ${list(shape.pk)}`);
  const inSavepoint = async (where: SQL) => keysOf(await tx.transaction(async (sp) => update(sp as unknown as Db, where)));
  try {
    return { moved: await inSavepoint(sql`true`), combined: [], kept: 0 };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const rows = keysOf(await tx.execute(sql`select ${list(shape.pk)} from ${id(shape.name)} where ${id(shape.user)} = ${fromId}`));
  const outcome: TableOutcome = { moved: [], combined: [], kept: 0 };
  for (const row of rows) {
    try {
      outcome.moved.push(...(await inSavepoint(pkMatch(shape.pk, row))));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (shape.combine && (await combineRow(tx, log, shape, shape.combine, row, toId))) outcome.combined.push(row);
      else outcome.kept += 1;
    }
  }
  return outcome;
}

/**
 * Undoes a merge's changes and moves, inside the caller's transaction: the moved rows go back to the
 * recruit, the added rows go, the removed rows come back, the changed rows are as they were.
 */
export async function undoRows(tx: Db, shapes: Map<string, TableShape>, moved: MovedRows, changes: MergeChanges, recruitId: number, agentId: number): Promise<void> {
  const shape = (table: string) => {
    const found = shapes.get(table);
    if (!found) throw new Error(`account merge: ${table} is no longer an owned table`);
    return found;
  };
  for (const [table, rows] of Object.entries(moved)) {
    const s = shape(table);
    for (const row of rows) await tx.execute(sql`update ${id(s.name)} set ${id(s.user)} = ${recruitId} where ${id(s.user)} = ${agentId} and ${pkMatch(s.pk, row)}`);
  }
  for (const [table, rows] of Object.entries(changes.inserted)) {
    const s = shape(table);
    for (const row of rows) await tx.execute(sql`delete from ${id(s.name)} where ${pkMatch(s.pk, row)}`);
  }
  // Removed rows come back whole, their identity included (only rows no other row references are removed).
  for (const [table, rows] of Object.entries(changes.removed)) {
    const s = shape(table);
    const columns = list([...s.writable, ...s.pk.filter((c) => !s.writable.includes(c))]);
    for (const row of rows)
      await tx.execute(sql`insert into ${id(s.name)} (${columns}) overriding system value select ${columns} from jsonb_populate_record(null::${id(s.name)}, ${JSON.stringify(row)}::jsonb)`);
  }
  for (const [table, rows] of Object.entries(changes.updated)) {
    const s = shape(table);
    // The first image of a row is how it was before the merge.
    const seen = new Set<string>();
    for (const row of rows) {
      const key = JSON.stringify(s.pk.map((c) => row[c]));
      if (seen.has(key)) continue;
      seen.add(key);
      await tx.execute(
        sql`update ${id(s.name)} set (${list(s.writable)}) = (select ${list(s.writable)} from jsonb_populate_record(null::${id(s.name)}, ${JSON.stringify(row)}::jsonb)) where ${pkMatch(s.pk, row)}`,
      );
    }
  }
}
