/**
 * ADR 044: the connections one server process opens to PostgreSQL. Single statements (every
 * request's session check, every read) share a few connections, on which postgres.js pipelines
 * them; a transaction holds a connection of its own from the other pool until it ends.
 */
export interface PostgresPool {
  statements: number;
  transactions: number;
}
export const DEFAULT_POSTGRES_POOL: PostgresPool = { statements: 2, transactions: 8 };
