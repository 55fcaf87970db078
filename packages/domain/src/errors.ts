/**
 * Error codes of the API and the HTTP status of each (style.md, "Errors are typed codes").
 * The translated text of a code is `errors.<code>` in `messages/<locale>.json`; the spec's
 * error catalogue (section 8) gives the English wording.
 */
import { z } from 'zod';

export const AppErrorCode = {
  /** The input failed validation; field-level details follow. */
  VALIDATION: 'VALIDATION',
  /** No valid token, or the token was revoked or expired. */
  UNAUTHORIZED: 'UNAUTHORIZED',
  /** Signed in, but the caller's role or tasks do not allow the call. */
  FORBIDDEN: 'FORBIDDEN',
  /** Not there, or outside the caller's scope (never reveal someone else's data). */
  NOT_FOUND: 'NOT_FOUND',
  /** The order changed meanwhile, or the status machine refuses the step. */
  CONFLICT: 'CONFLICT',
  LOGIN_FAILED: 'LOGIN_FAILED',
  /** Too many failed sign-ins for this user name; try again later. */
  LOGIN_LOCKED: 'LOGIN_LOCKED',
  ORDER_STATUS: 'ORDER_STATUS',
  INVALID_LOCATION: 'INVALID_LOCATION',
  NO_PRODUCTS: 'NO_PRODUCTS',
  QUANTITY_STEP: 'QUANTITY_STEP',
  CLOSED_DAY: 'CLOSED_DAY',
  SWITCH_NOT_ALLOWED: 'SWITCH_NOT_ALLOWED',
  /**
   * The user named (to act as, or to change: password, reset link, e-mail, account) holds a
   * right the caller does not (issue 20; `rightsBeyond`): a global admin, a higher report level,
   * the finance-report permission, a task, a location outside the caller's scope. `fields`
   * names the rights where a form shows them.
   */
  RIGHTS_EXCEEDED: 'RIGHTS_EXCEEDED',
  RATE_LIMITED: 'RATE_LIMITED',
  /** A request body above the call's limit (Fastify's bodyLimit; docs/domain.md, "Input"). */
  BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  /** A body of a media type the call does not read (not JSON, or not multipart where a file is expected). */
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  /** A request that cannot be read: malformed or empty JSON, a body shorter than its Content-Length, broken HTTP. */
  MALFORMED_REQUEST: 'MALFORMED_REQUEST',
  /** A URL with bad percent-encoding (RFC 3986, section 2.1). */
  BAD_URL: 'BAD_URL',
  /** A path parameter over 100 characters (414), or a URL and headers over Node's 16 KiB header limit (431). */
  URL_TOO_LONG: 'URL_TOO_LONG',
  /** A request whose headers or body did not arrive within the server's request timeout (408; docs/domain.md, "Input"). */
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  UNEXPECTED: 'UNEXPECTED',
  /** A comment could not be stored (spec section 8, 'Could not save comment'). */
  COMMENT_FAILED: 'COMMENT_FAILED',
  /** The signature image is not a PNG, or could not be stored ('Could not save signature'). */
  SIGNATURE_FAILED: 'SIGNATURE_FAILED',
  /** An attachment whose first bytes are not PDF, JPG, PNG or GIF, whatever its name says. */
  FILE_TYPE: 'FILE_TYPE',
  /** An attachment above ATTACHMENT_MAX_BYTES. */
  FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  /** Another external location has this location number (spec sections 5 and 8, 'Location number already exists'). */
  LOCATION_NUMBER_EXISTS: 'LOCATION_NUMBER_EXISTS',
  /** The customs status cannot change: the order is final, or has no customs clearance. */
  CUSTOMS_STATUS: 'CUSTOMS_STATUS',
  /** No waybill to print: the order is not picked yet (or cancelled, replaced), or a line lacks its picked quantity. */
  WAYBILL: 'WAYBILL',
  /** An order import whose file is not an Excel workbook (.xlsx), told by its content (issue 3). */
  IMPORT_FILE_TYPE: 'IMPORT_FILE_TYPE',
  /** An order import with more data rows than ORDERS_IMPORT_MAX_ROWS. */
  IMPORT_TOO_MANY_ROWS: 'IMPORT_TOO_MANY_ROWS',
  /** An order import (not a preview) in which no row can be imported. */
  IMPORT_NO_VALID_ROWS: 'IMPORT_NO_VALID_ROWS',
  /** The signed-in user has not confirmed the GDPR terms (spec section 4); only the calls of the gdpr page answer. */
  GDPR_REQUIRED: 'GDPR_REQUIRED',
  /** The standard agreement is accepted by the customer's admin (or its first user when it has none), not by any user. */
  AGREEMENT_NOT_ALLOWED: 'AGREEMENT_NOT_ALLOWED',
  /**
   * A count audit cannot be decided: it is decided already, or a later count of a product is
   * confirmed (409); the caller is the location that counted (403). `reasonKey` says which.
   */
  COUNT_AUDIT: 'COUNT_AUDIT',
  /**
   * A pallet receipt's step the receipt's state refuses (409; issue 20, docs/pallet-receipts.md):
   * not open, the window passed, waiting for approval, a dispute open or its window passed, an
   * idempotency key used with another body; 403 for the dock's QR link where only the
   * counterparty answers. `reasonKey` says which (`palletReceipts.reasons.*`).
   */
  PALLET_RECEIPT: 'PALLET_RECEIPT',
  /**
   * A dispute's step its state refuses (409; issue 22, docs/disputes.md): the window passed, one
   * is open already, it changed meanwhile (its version), it waits for the other party, it ended,
   * the movement has no other party. `reasonKey` says which (`disputes.reasons.*`).
   */
  DISPUTE: 'DISPUTE',
  /** A report with more rows than the screen takes (REPORT_MAX_ROWS) or an Excel sheet holds; narrow the filters. */
  REPORT_TOO_LARGE: 'REPORT_TOO_LARGE',
  /**
   * A downtime window is in force (issue 10, "Maintenance"; docs/global.md): every call but
   * those of global admins answers 503; `day` and `time` name the reopening in the caller's
   * language and the portal's time zone (Europe/Oslo).
   */
  DOWNTIME: 'DOWNTIME',
} as const;
export type AppErrorCode = (typeof AppErrorCode)[keyof typeof AppErrorCode];

export const httpStatusOf: Record<AppErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  LOGIN_FAILED: 401,
  LOGIN_LOCKED: 429,
  ORDER_STATUS: 409,
  INVALID_LOCATION: 400,
  NO_PRODUCTS: 400,
  QUANTITY_STEP: 400,
  CLOSED_DAY: 400,
  SWITCH_NOT_ALLOWED: 403,
  RIGHTS_EXCEEDED: 403,
  RATE_LIMITED: 429,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  MALFORMED_REQUEST: 400,
  BAD_URL: 400,
  URL_TOO_LONG: 414,
  REQUEST_TIMEOUT: 408,
  UNEXPECTED: 500,
  COMMENT_FAILED: 500,
  SIGNATURE_FAILED: 400,
  FILE_TYPE: 400,
  FILE_TOO_LARGE: 413,
  LOCATION_NUMBER_EXISTS: 409,
  CUSTOMS_STATUS: 409,
  WAYBILL: 409,
  IMPORT_FILE_TYPE: 400,
  IMPORT_TOO_MANY_ROWS: 400,
  IMPORT_NO_VALID_ROWS: 400,
  GDPR_REQUIRED: 403,
  AGREEMENT_NOT_ALLOWED: 403,
  COUNT_AUDIT: 409,
  PALLET_RECEIPT: 409,
  DISPUTE: 409,
  REPORT_TOO_LARGE: 400,
  DOWNTIME: 503,
};

/**
 * The failure envelope of every call (architecture.md, "Calls"): `error.type` is the code,
 * `error.message` its text in the caller's language (Accept-Language, else the user's),
 * `error.httpDescription` the HTTP reason phrase of the status, `error.fields` (VALIDATION
 * and a few others) a message per field path, and `info.userLogin` the signed-in user's login
 * name, or null. The OpenAPI document's `ErrorEnvelope` component is this schema.
 */
export const ZErrorEnvelope = z
  .object({
    error: z.object({
      type: z.enum(AppErrorCode).describe('The error code: what happened, for a program to act on'),
      message: z.string().describe("The error's text in the caller's language, to show to a user"),
      httpDescription: z.string().describe('The reason phrase of the HTTP status, e.g. "Not Found"'),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .describe('Field-level messages, keyed by the field\'s path ("lines.0.quantityOrdered")'),
    }),
    info: z.object({
      userLogin: z.string().nullable().describe("The signed-in user's login name; null without a valid token"),
    }),
  })
  .describe('The answer of every failed call');
export type ErrorEnvelope = z.infer<typeof ZErrorEnvelope>;
