/**
 * Bulk inserts for the demo data: rows are collected column by column and written with
 * `INSERT INTO t (cols) SELECT * FROM unnest($1::int[], $2::text[], ...)`, one array
 * parameter per column, in chunks. Both drivers (PGlite and node-postgres) serialise a JS
 * array parameter as a PostgreSQL array; drizzle's `sql` template would instead expand a
 * bare array into a list of parameters, hence `sql.param(array)`.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from './client.js';

/** Rows per statement: large enough to be fast, small enough to keep PGlite's memory low. */
const CHUNK = 25_000;

export class Bulk<K extends string> {
  private readonly data: Record<K, unknown[]>;
  private readonly names: K[];
  private count = 0;

  /**
   * @param table the table name
   * @param columns column name -> PostgreSQL type of its array (`int`, `text`, `date`, ...)
   */
  constructor(
    readonly table: string,
    private readonly columns: Record<K, string>,
  ) {
    this.names = Object.keys(columns) as K[];
    this.data = Object.fromEntries(this.names.map((n) => [n, [] as unknown[]])) as Record<K, unknown[]>;
  }

  /** Adds one row; a column left out is NULL. */
  add(row: Partial<Record<K, unknown>>): void {
    for (const name of this.names) this.data[name].push(row[name] ?? null);
    this.count++;
  }

  get length(): number {
    return this.count;
  }

  /** The values of one column, in row order. */
  column(name: K): readonly unknown[] {
    return this.data[name];
  }

  /** Writes every row collected so far and empties the buffer. */
  async insert(tx: Tx): Promise<void> {
    const columnList = sql.raw(this.names.join(', '));
    for (let start = 0; start < this.count; start += CHUNK) {
      const end = Math.min(this.count, start + CHUNK);
      const arrays: SQL[] = this.names.map((n) => sql`${sql.param(this.data[n].slice(start, end))}::${sql.raw(this.columns[n])}[]`);
      await tx.execute(sql`INSERT INTO ${sql.raw(this.table)} (${columnList}) SELECT * FROM unnest(${sql.join(arrays, sql`, `)})`);
    }
    for (const n of this.names) this.data[n] = [];
    this.count = 0;
  }
}

/** Moves a serial column's sequence past the ids inserted explicitly. */
export async function syncSequence(tx: Tx, table: string, column = 'id'): Promise<void> {
  await tx.execute(
    sql.raw(
      `SELECT setval(pg_get_serial_sequence('${table}', '${column}'), COALESCE(max(${column}), 1), max(${column}) IS NOT NULL) FROM ${table}`,
    ),
  );
}
