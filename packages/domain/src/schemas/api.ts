/**
 * The API page (/app/api, issue 10; docs/api.md): personal API keys, and Controls
 * (/app/controls): the portal's health for provider staff.
 */
import { z } from 'zod';
import { requiredText, ZPlainDate } from './common.js';

/** What every API key starts with, so the server tells a key from a session token at a glance. */
export const API_KEY_PREFIX = 'ppk_';
/** How many characters of a key (its start, `ppk_` included) are kept to tell keys apart. */
export const API_KEY_SHOWN_CHARS = 12;
/** A user holds at most this many keys that still work (not revoked, not expired). */
export const API_KEYS_MAX = 10;
/** A key's last day is at most this many days after today (UTC): a key is renewed at least yearly. */
export const API_KEY_MAX_DAYS = 365;

/** Where a key stands: it works (`active`), its last day is past (`expired`), or it was revoked. */
export const apiKeyStates = ['active', 'expired', 'revoked'] as const;
export type ApiKeyState = (typeof apiKeyStates)[number];

/**
 * One of the caller's API keys, never the key itself: `prefix` is its first
 * API_KEY_SHOWN_CHARS characters. `expiresAt` is the last day it works (yyyy-MM-dd, through
 * 23:59:59 UTC). Instants are ISO 8601; `lastUsedAt` is at most a minute behind.
 */
export const ZApiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  state: z.enum(apiKeyStates),
});
export type ApiKey = z.infer<typeof ZApiKey>;

/**
 * POST ApiKeys: a new key for the signed-in user. `name` says what it is for (1 to 100
 * characters); `expiresAt` is its last day (yyyy-MM-dd), from today to API_KEY_MAX_DAYS
 * days ahead (UTC).
 */
export const ZCreateApiKeyRequest = z.object({
  name: requiredText(100),
  expiresAt: ZPlainDate,
});
export type CreateApiKeyRequest = z.infer<typeof ZCreateApiKeyRequest>;

/**
 * The answer of POST ApiKeys: the key as listed, and `token`, the key itself. The token is
 * shown this once: only its SHA-256 is stored, so it cannot be read again.
 */
export const ZCreatedApiKey = z.object({ key: ZApiKey, token: z.string() });
export type CreatedApiKey = z.infer<typeof ZCreatedApiKey>;

/** The mail outbox (email_archive) by status: waiting to go, failing and retried, given up. */
export const ZControlsMailQueue = z.object({
  /** Queued or being sent, not yet attempted. */
  waiting: z.number().int(),
  /** Queued again after a failed attempt (the outbox tries 3 times). */
  retrying: z.number().int(),
  /** Given up after 3 attempts. */
  failed: z.number().int(),
  /** When the oldest waiting or retrying mail was created, or null. */
  oldestWaitingAt: z.string().nullable(),
  /** The last delivery error of a retrying or failed mail, or null. */
  lastError: z.string().nullable(),
  /** Whether SMTP_URL is set (else mail is only archived). */
  smtpConfigured: z.boolean(),
});

/**
 * GET Controls: the portal's health for provider staff (issue 10, "Controls"). Instants are
 * ISO 8601; sizes in bytes.
 */
export const ZControls = z.object({
  version: z.string(),
  build: z.string(),
  /** When this server process started. */
  startedAt: z.string(),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), sizeBytes: z.number() }),
  scheduler: z.object({
    /** SCHEDULER in this process (the job may also run in other processes). */
    enabled: z.boolean(),
    intervalMinutes: z.number().int(),
    /** When any process last finished a run of the scheduler's jobs, or null. */
    lastRunAt: z.string().nullable(),
  }),
  invoicing: z.object({
    /** The last month (yyyy-MM-01) the invoicing job finished, or null. */
    invoicedThrough: z.string().nullable(),
    /** When the job last invoiced a customer's month, or null. */
    lastDoneAt: z.string().nullable(),
    /** Customers' months that failed and wait for a retry. */
    failing: z.number().int(),
    lastError: z.string().nullable(),
  }),
  mail: ZControlsMailQueue,
  /** The order longest waiting for automatic commit (status 11, WaitForConfirmation), or null. */
  oldestWaitingOrder: z
    .object({
      id: z.number().int(),
      /** The day it arrived (its receive date, yyyy-MM-dd), or null. */
      dateReceive: z.string().nullable(),
      /** When it reached status 11. */
      waitingSince: z.string().nullable(),
    })
    .nullable(),
  /** Orders in status 11 in all. */
  ordersWaiting: z.number().int(),
});
export type Controls = z.infer<typeof ZControls>;

/**
 * What the API page's examples are filled in with: a product the caller's location may order
 * (GET AvailableProducts), a quantity that is a whole number of stacks, and an open send day.
 */
export interface ApiExampleValues {
  /** The portal's address, e.g. https://portal.example.no (no trailing slash). */
  baseUrl: string;
  /** The acting location (GET BalanceLocations names the others). */
  locationId: number;
  productId: number;
  /** A multiple of the product's stack height (qtyHeight). */
  quantity: number;
  /** yyyy-MM-dd, an open day after today. */
  dateSend: string;
}

/**
 * The body of the page's example "place a purchase order": POST Orders with `draft: false`
 * places it at once (status 1, Ordered); the same `idempotencyKey` sent twice places one order.
 * The API test runs exactly this body (apps/server/test/api-keys.test.ts).
 */
export function exampleOrderBody(values: Pick<ApiExampleValues, 'productId' | 'quantity' | 'dateSend'>) {
  return {
    transactionTypeId: 1 as const,
    dateSend: values.dateSend,
    referenceOwn: 'ERP-4711',
    lines: [{ productId: values.productId, quantityOrdered: values.quantity }],
    draft: false,
    idempotencyKey: 'erp-order-4711',
  };
}

/** One example call of the API page: method, path with query, and the body, if any. */
export interface ApiExampleCall {
  id: 'products' | 'order' | 'inventory' | 'stock';
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

/** The API page's example calls, in the order a developer makes them (tested in api-keys.test.ts). */
export function exampleCalls(values: ApiExampleValues): ApiExampleCall[] {
  return [
    { id: 'products', method: 'GET', path: `/api/AvailableProducts?locationId=${values.locationId}` },
    { id: 'order', method: 'POST', path: '/api/Orders', body: exampleOrderBody(values) },
    { id: 'inventory', method: 'GET', path: `/api/Inventory?locationId=${values.locationId}` },
    { id: 'stock', method: 'GET', path: `/api/stockDetails?locationId=${values.locationId}` },
  ];
}

/**
 * A call as a curl command line (POSIX shell), the key read from $PORTAL_API_KEY. No
 * Accept-Language: with a key, answers come in the key user's own language (GET/POST Language).
 */
export function curlCommand(values: Pick<ApiExampleValues, 'baseUrl'>, call: ApiExampleCall): string {
  const lines = [
    `curl${call.method === 'GET' ? '' : ` -X ${call.method}`} '${values.baseUrl}${call.path}'`,
    `  -H "Authorization: Bearer $PORTAL_API_KEY"`,
  ];
  if (call.body !== undefined) {
    lines.push(`  -H 'Content-Type: application/json'`);
    lines.push(`  -d '${JSON.stringify(call.body)}'`);
  }
  return lines.join(' \\\n');
}
