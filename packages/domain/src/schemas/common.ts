/**
 * Building blocks of every call's schema (issue 7, "Bad input gets 400"; docs/domain.md,
 * "Input"): plain dates that are real calendar days, ids and counts bounded to the range of
 * the database column they reach, strict integers in query strings and paths, and texts
 * without control characters. Every route's schema is made of these, so that bad input is
 * refused with a field message before a use case runs, and the fuzz test of the API
 * (apps/server/test/fuzz-run.ts, run per database in parts) covers them all.
 */
import { z } from 'zod';

/** Largest value of a PostgreSQL `integer` (int4) column: 2^31 - 1. */
export const INT4_MAX = 2_147_483_647;
/** Smallest value of a PostgreSQL `integer` (int4) column: -2^31. */
export const INT4_MIN = -2_147_483_648;
/**
 * Largest id of a `bigint` (bigserial) column the API takes: 2^53 - 1, the largest integer a
 * JSON number (a JavaScript number) holds exactly. Orders, their lines, attachments, alerts and
 * archived mails have bigint ids; everything else int4.
 */
export const BIGINT_ID_MAX = Number.MAX_SAFE_INTEGER;
/**
 * Largest money field of a call, in minor units (øre, öre, cent): 1,000,000.00. Money columns
 * are bigint; this bound keeps price x quantity x lines (at most 10^8 x 10^5 x 50 = 5 x 10^14)
 * exact in a JavaScript number and far inside bigint.
 */
export const MONEY_MAX_MINOR = 100_000_000;

/** First and last plain date a call takes: four-digit years that PostgreSQL and JavaScript both reckon alike. */
export const PLAIN_DATE_MIN = '1900-01-01';
export const PLAIN_DATE_MAX = '2999-12-31';

/**
 * A whole number in a JSON body from `min` to `max` (both inclusive). Refuses non-numbers,
 * fractions, NaN and Infinity (JSON has neither; `1e999` parses to Infinity) and numbers past
 * 2^53 - 1, with the messages "Enter a whole number", "too small", "too large".
 */
export function integer(min: number, max: number) {
  return z
    .number({ message: 'validation.integer' })
    .min(min, { message: 'validation.tooSmall' })
    .max(max, { message: 'validation.tooBig' })
    .int({ message: 'validation.integer' });
}

/** An id of an int4 (serial) column in a JSON body: 1 to 2,147,483,647. */
export const ZId = integer(1, INT4_MAX);
/** An id of a bigint (bigserial) column in a JSON body (order, attachment, alert, mail): 1 to 2^53 - 1. */
export const ZBigId = integer(1, BIGINT_ID_MAX);
/** A count or quantity stored in an int4 column, in a JSON body: 0 to 2,147,483,647 (narrow it with `.max()`). */
export const ZCount = integer(0, INT4_MAX);
/** Any int4 value in a JSON body (e.g. an order's `version`). */
export const ZInt4 = integer(INT4_MIN, INT4_MAX);
/** Money in minor units in a JSON body: 0 to MONEY_MAX_MINOR. */
export const ZMoneyMinor = integer(0, MONEY_MAX_MINOR);

/**
 * Decimal digits with an optional minus sign: the only way a query string or path writes an
 * integer here. `1e3`, `0x10`, ` 1`, `1.0`, `NaN`, `Infinity` and the empty string are
 * refused rather than read as some number (Number('') is 0).
 */
const decimalInteger = /^-?\d{1,20}$/;

/**
 * A whole number in a query string, path or form field, from `min` to `max` (default the int4
 * range): decimal digits only (see above); `-0` reads as 0. A repeated parameter (an array) is
 * refused. OpenAPI shows it as an integer with its bounds.
 */
export function queryInteger(min = INT4_MIN, max = INT4_MAX) {
  return z.preprocess((value) => (typeof value === 'string' && decimalInteger.test(value) ? Number(value) + 0 : value), integer(min, max));
}

/** Any int4 value in a query string (a filter where 0 means none). */
export const queryInt = queryInteger();
/** An id of an int4 (serial) column in a query string or path: 1 to 2,147,483,647. */
export const queryId = queryInteger(1, INT4_MAX);
/** An id of a bigint (bigserial) column in a query string or path: 1 to 2^53 - 1. */
export const queryBigId = queryInteger(1, BIGINT_ID_MAX);

/** Path `{id}` of a row with an int4 (serial) id (scheduled orders). */
export const ZIdParam = z.object({ id: queryId });
/** Path or query `id` of a row with a bigint id (orders, attachments). */
export const ZBigIdParam = z.object({ id: queryBigId });

/**
 * Comma-separated whole numbers in a query string ("1,2,3"), each from 0 to `max` (default
 * int4), at most `maxItems` of them.
 */
export function queryIntegerList(max = INT4_MAX, maxItems = 1000) {
  return z
    .string()
    .regex(/^\d{1,20}(,\d{1,20})*$/, { message: 'validation.intList' })
    .transform((s) => s.split(',').map(Number))
    .refine((list) => list.length <= maxItems, { message: 'validation.tooLong' })
    .refine((list) => list.every((n) => n <= max), { message: 'validation.tooBig' });
}
/** Comma-separated int4 values in a query string (status or type ids). */
export const queryIntList = queryIntegerList();
/** Comma-separated bigint ids in a query string (order ids). */
export const queryBigIdList = queryIntegerList(BIGINT_ID_MAX);

export const queryBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** A plain business date, yyyy-MM-dd: a real calendar day (no 2026-02-30, no 2027-02-29) from 1900 to 2999. */
export const ZPlainDate = z.iso
  .date({ message: 'validation.date' })
  .refine((date) => date >= PLAIN_DATE_MIN && date <= PLAIN_DATE_MAX, { message: 'validation.dateYears' });
/** A calendar month, yyyy-MM with a month from 01 to 12, from 1900 to 2999 (GET Days). */
export const ZMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'validation.month' })
  .refine((month) => month >= PLAIN_DATE_MIN.slice(0, 7) && month <= PLAIN_DATE_MAX.slice(0, 7), { message: 'validation.dateYears' });

/**
 * Control characters no text of a call may hold: C0 (U+0000-U+001F) except tab, line feed
 * and carriage return, and DEL (U+007F). NUL cannot be stored in PostgreSQL text at all; the
 * others are invisible and break exports, mails and PDFs.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the rule names exactly these characters
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above, anchored (OpenAPI shows it as the field's pattern)
const withoutControlCharacters = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

/**
 * A UTF-16 surrogate without its pair (a JSON body may carry `\ud800`): no character at all.
 * PostgreSQL's jsonb refuses it (alerts' texts, the log's before and after, the mail archive),
 * and text, mails and PDFs cannot show it.
 */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Free text of a call (body, query or form field): any well-formed string without the control
 * characters above ("Remove control characters such as NUL") or a lone surrogate. Chain
 * `.trim()`, `.min()`, `.max()` as needed; `text`, `requiredText` and `optionalText` below are
 * the usual shapes.
 */
export const ZText = z
  .string()
  .regex(withoutControlCharacters, { message: 'validation.controlCharacter' })
  .refine((value) => !LONE_SURROGATE.test(value), { message: 'validation.malformedText' });

/**
 * The idempotency key of a create (POST Orders, Rentals, ContainerOrders, SupportTickets,
 * CountAudits): 8-100 characters the client picks for one submission (a UUID); the same key
 * twice from one user creates once and answers the first (docs/domain.md, "Idempotency keys").
 */
export const ZIdempotencyKey = ZText.min(8).max(100);
/** A text of at most `max` characters (after trimming). */
export const text = (max: number) => ZText.trim().max(max, { message: 'validation.tooLong' });
/** A required text: 1 to `max` characters after trimming. */
export const requiredText = (max: number) =>
  ZText.trim().min(1, { message: 'validation.required' }).max(max, { message: 'validation.tooLong' });
/** An optional text; empty (after trimming) counts as not given. */
export const optionalText = (max: number) => text(max).optional();
