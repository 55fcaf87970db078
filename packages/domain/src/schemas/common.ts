/**
 * Building blocks of every call's schema (issue 7, "Bad input gets 400"): plain dates that are
 * real calendar days, ids and counts bounded to the database's int4 range, query-string
 * booleans and integers, texts. Every route's schema is made of these, so the fuzz test of the
 * API covers them all.
 */
import { z } from 'zod';

/** A plain business date, yyyy-MM-dd. */
export const ZPlainDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.date' });
/** A month, yyyy-MM (GET Days). */
/** A calendar month, "YYYY-MM" with a month from 01 to 12. */
export const ZMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'validation.month' });

export const queryBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');
export const queryInt = z.coerce.number().int();
/** Comma-separated integers in a query string ("1,2,3"). */
export const queryIntList = z
  .string()
  .regex(/^\d+(,\d+)*$/, { message: 'validation.intList' })
  .transform((s) => s.split(',').map(Number));

/** An optional text; empty (after trimming) counts as not given. */
export const optionalText = (max: number) => z.string().trim().max(max, { message: 'validation.tooLong' }).optional();

export const ZIdParam = z.object({ id: queryInt.positive() });
