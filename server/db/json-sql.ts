import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A timestamptz as JavaScript's Date#toISOString writes it (UTC, milliseconds, "Z"), in SQL: for
 * the answers PostgreSQL writes as JSON text (ADR 044), so they read as the ones written by the
 * server did.
 */
export const isoTimestampSql = (column: SQL | AnyPgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
