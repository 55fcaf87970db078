/**
 * The fields of an admin change side by side (Global > Log, one row): every field of the record
 * before and after, the changed ones first and marked. Nested values (lists, objects) compare
 * as JSON.
 */

/** One field of the comparison; `before`/`after` are undefined where the record did not exist or lacked the field. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of `before` and `after`, changed ones first, each group in the records' order. */
export function diffRecords(before: Record<string, unknown> | null, after: Record<string, unknown> | null): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const all = fields.map((field) => {
    const a = before ? before[field] : undefined;
    const b = after ? after[field] : undefined;
    return { field, before: a, after: b, changed: !same(a, b) };
  });
  return [...all.filter((f) => f.changed), ...all.filter((f) => !f.changed)];
}

/** A value as the comparison shows it: text as is, anything else as compact JSON, nothing as a dash. */
export function showValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '–';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
