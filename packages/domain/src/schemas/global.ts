/**
 * Global admin calls of issue 10 (docs/global.md): the application log (GET Log, GET Log/{id}),
 * downtime windows (GET/POST Downtimes, POST DowntimeCancel) and the badges provider staff see
 * (GET Badges).
 */
import { z } from 'zod';
import { queryBigId, queryId, queryInteger, text, ZId, ZPlainDate } from './common.js';

/**
 * Kinds of log rows (docs/global.md, "Log"): signIn, signInFailed (no password; names the login
 * name tried), signOut, switch (customer, location or user), adminChange (before and after),
 * cacheEmpty, downtime, publish, error (a 5xx with its request id), job (scheduled jobs).
 */
export const logKinds = [
  'signIn',
  'signInFailed',
  'signOut',
  'switch',
  'adminChange',
  'cacheEmpty',
  'downtime',
  'publish',
  'apiKey',
  'error',
  'job',
] as const;
export type LogKind = (typeof logKinds)[number];

export const logLevels = ['info', 'warn', 'error'] as const;
export type LogLevel = (typeof logLevels)[number];

/**
 * A point in time in a query string: an ISO 8601 instant with its offset
 * (`2026-11-28T08:00:00Z`, `2026-11-28T09:00:00+01:00`) or a plain date (`2026-11-28`, the
 * UTC day; as `from` its start, as `to` its end).
 */
export const ZInstantOrDate = z.union([ZPlainDate, z.iso.datetime({ offset: true, message: 'validation.date' })]);

/**
 * The instant (ms since 1970) a ZInstantOrDate stands for: an instant itself, a plain date the
 * start or the last millisecond of its UTC day.
 */
export function instantOf(value: string, end: 'start' | 'end'): number {
  if (value.length === 10) return Date.parse(`${value}T00:00:00Z`) + (end === 'end' ? 86_400_000 - 1 : 0);
  return Date.parse(value);
}

/** An instant in a JSON body: ISO 8601 with its offset (`2026-11-30T06:00:00Z`). */
export const ZInstant = z.iso.datetime({ offset: true, message: 'validation.date' });

/**
 * GET Log (global admins): rows newest first. `from`/`to` bound the time (both inclusive; a
 * plain date is a whole UTC day); `userId` the acting or signed-in user; `user` a part of that
 * user's login name or name; `kind`, `level` exact; `text` a part of the message, the request
 * id, the address or the data. Paging: `count` (1-500, default 100) rows from `offset`.
 */
export const ZLogQuery = z
  .object({
    from: ZInstantOrDate.optional(),
    to: ZInstantOrDate.optional(),
    userId: queryId.optional(),
    user: text(100).optional(),
    kind: z.enum(logKinds).optional(),
    level: z.enum(logLevels).optional(),
    text: text(200).optional(),
    count: queryInteger(1, 500).default(100),
    offset: queryInteger(0, 1_000_000).default(0),
  })
  .refine((q) => !q.from || !q.to || instantOf(q.from, 'start') <= instantOf(q.to, 'end'), {
    message: 'validation.dateRange',
    path: ['to'],
  });
export type LogQuery = z.infer<typeof ZLogQuery>;

const ZJsonObject = z.record(z.string(), z.unknown()).nullable();

/**
 * One row of the log list; `userLogin`/`loginUserLogin` are null when the user is gone or there
 * was none. `message` is a short English line; screens translate by `kind` and `data` (its
 * `entity`, `action`, `loginName`, `reason`, `route`).
 */
export const ZLogEntry = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  level: z.enum(logLevels),
  kind: z.string(),
  message: z.string(),
  userId: z.number().int().nullable(),
  userLogin: z.string().nullable(),
  userName: z.string().nullable(),
  loginUserId: z.number().int().nullable(),
  loginUserLogin: z.string().nullable(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
  /** The row has `before` or `after` (an admin change). */
  hasChange: z.boolean(),
  data: ZJsonObject,
});
export type LogEntry = z.infer<typeof ZLogEntry>;

export const ZLogResponse = z.object({ items: z.array(ZLogEntry), total: z.number().int() });
export type LogResponse = z.infer<typeof ZLogResponse>;

/** GET Log/{id}: one row with its data and, for an admin change, the record before and after. */
export const ZLogDetail = ZLogEntry.extend({ before: ZJsonObject, after: ZJsonObject });
export type LogDetail = z.infer<typeof ZLogDetail>;

/** Path `{id}` of a log row (bigint). */
export const ZLogParam = z.object({ id: queryBigId });

/**
 * A downtime window (docs/global.md, "Maintenance"). `state`: planned (not begun), active (now
 * inside it), past, cancelled.
 */
export const ZDowntime = z.object({
  id: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  state: z.enum(['planned', 'active', 'past', 'cancelled']),
});
export type Downtime = z.infer<typeof ZDowntime>;

/** The window in force or next (GET Status): its start and the reopening time. */
export const ZDowntimeWindow = z.object({ startsAt: z.string(), endsAt: z.string() });
export type DowntimeWindow = z.infer<typeof ZDowntimeWindow>;

/** Longest downtime window that can be scheduled, in days. */
export const DOWNTIME_MAX_DAYS = 14;

/**
 * POST Downtimes: schedule a window. `endsAt` after `startsAt` and in the future, at most
 * DOWNTIME_MAX_DAYS long; it may not overlap another window that is not cancelled.
 */
export const ZDowntimeRequest = z
  .object({ startsAt: ZInstant, endsAt: ZInstant })
  .refine((d) => Date.parse(d.endsAt) > Date.parse(d.startsAt), { message: 'log.downtimeEndBeforeStart', path: ['endsAt'] })
  .refine((d) => Date.parse(d.endsAt) - Date.parse(d.startsAt) <= DOWNTIME_MAX_DAYS * 86_400_000, {
    message: 'log.downtimeTooLong',
    path: ['endsAt'],
  });
export type DowntimeRequest = z.infer<typeof ZDowntimeRequest>;

/** POST DowntimeCancel: cancel a planned or active window. */
export const ZDowntimeCancel = z.object({ id: ZId });

export const ZDowntimesResponse = z.object({ items: z.array(ZDowntime) });

/**
 * GET Badges (provider staff; others get zeros): new support cases (status New) and pending new
 * customer requests, for the Support menu row and the Admin entry of the user menu.
 */
export const ZBadges = z.object({ newSupportCases: z.number().int(), newCustomerRequests: z.number().int() });
export type Badges = z.infer<typeof ZBadges>;
