/** Sign-in: sessions (only a token's SHA-256 is stored) and the failed sign-in throttle. */
import { bigserial, boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { customers, locations } from './company.js';
import { users } from './users.js';

/**
 * Sign-in sessions. The bearer token is 256 random bits; only its SHA-256 is stored.
 * The acting customer, location and user follow POST status (spec section 6).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    loginUserId: integer('login_user_id')
      .notNull()
      .references(() => users.id),
    actingUserId: integer('acting_user_id')
      .notNull()
      .references(() => users.id),
    actingCustomerId: integer('acting_customer_id')
      .notNull()
      .references(() => customers.id),
    actingLocationId: integer('acting_location_id').references(() => locations.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    /**
     * The expiry of the sign-in this session comes from, which no hand-over extends (issue 20:
     * "a hand-over never extends a session past its first expiry"; modules/auth/handover.ts):
     * a hand-over token and the session exchanged for it carry their source's. Null: the
     * session's own `expires_at` (a sign-in).
     */
    firstExpiresAt: ts('first_expires_at'),
    revokedAt: ts('revoked_at'),
    /**
     * A hand-over token (POST HandoverToken, modules/auth/handover.ts): good only for POST
     * LoginHandover, once, within minutes; never a bearer token of other calls.
     */
    isHandover: boolean('is_handover').notNull().default(false),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash)],
);

/**
 * Sign-in attempts per user name and client address (modules/auth/throttle.ts): the hard
 * limit. After LOCK_AFTER attempts without success within LOCK_MINUTES the pair is refused
 * for LOCK_MINUTES; other addresses are not (OWASP ASVS 4.0.3 V2.2.1).
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    loginName: text('login_name').notNull(),
    /** The client address (IPv4, or the /64 prefix of an IPv6 address). */
    address: text('address').notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailureAt: ts('last_failure_at').notNull(),
    lockedUntil: ts('locked_until'),
  },
  (t) => [primaryKey({ columns: [t.loginName, t.address] })],
);

/**
 * Sign-in attempts per user name from any address (modules/auth/throttle.ts): growing
 * delays. `nextAttemptAt` is the earliest instant the next attempt is checked.
 */
export const loginDelay = pgTable('login_delay', {
  loginName: text('login_name').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  lastAttemptAt: ts('last_attempt_at').notNull(),
  nextAttemptAt: ts('next_attempt_at').notNull(),
});

/**
 * Sign-in attempts per user name from known addresses and remembered devices
 * (modules/auth/throttle.ts): their own budget, apart from the growing delays of `login_delay`,
 * so an attack from elsewhere does not hold the user up (issue 20). At most TRUSTED_ATTEMPTS
 * attempts without success per window of TRUSTED_WINDOW_MINUTES from `windowStart`.
 */
export const loginTrusted = pgTable('login_trusted', {
  loginName: text('login_name').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  windowStart: ts('window_start').notNull(),
});

/**
 * The client addresses a user signed in from (modules/auth/remembered-sign-ins.ts): a sign-in
 * from one of them within KNOWN_ADDRESS_DAYS of the last is not held by guesses from elsewhere.
 * Only a SHA-256 of the user's id and the address (its throttle key) is stored.
 */
export const loginAddresses = pgTable(
  'login_addresses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    addressHash: text('address_hash').notNull(),
    lastSuccessAt: ts('last_success_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.addressHash] })],
);

/**
 * Remembered devices (modules/auth/remembered-sign-ins.ts): the device mark a browser got at a
 * sign-in, good for the next sign-in of the same user within DEVICE_MARK_DAYS, which then gets a
 * new one. Only the mark's SHA-256 is stored.
 */
export const loginDevices = pgTable(
  'login_devices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    markHash: text('mark_hash').notNull(),
    lastUsedAt: ts('last_used_at').notNull(),
  },
  (t) => [uniqueIndex('login_devices_mark_uq').on(t.markHash), index('login_devices_user_idx').on(t.userId, t.lastUsedAt)],
);

/**
 * Password links (modules/accounts/password-link.ts): a forgot-password reset, an admin's reset
 * or a new user's welcome link. Only the token's SHA-256 is stored; a link is good once, for
 * PASSWORD_LINK_MINUTES (issue 9: "single use, expires after 1 hour, and is stored hashed").
 */
export const passwordLinks = pgTable(
  'password_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    /** reset (forgot password or an admin's reset), welcome (a new user or a new customer's admin). */
    purpose: text('purpose').notNull(),
    /** The client address that asked for it (forgot password), for the per-address limit. */
    requestedFrom: text('requested_from'),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('password_links_token_uq').on(t.tokenHash), index('password_links_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The counters of the rate limits (`@fastify/rate-limit` through plugins/rate-limit-store.ts),
 * shared by every server process so that a limit of 10 stays 10 behind a proxy with several
 * (issue 21). One row per limit (`scope`: the route's method and pattern, or a named limit)
 * and client key (`key`: the address, or its /64) with the hits of its fixed window ending at
 * `window_ends_at` (the database's clock). UNLOGGED (migration 0019): counters are worth no WAL,
 * and a crash of the database server only forgets them. The scheduler deletes ended windows.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    hits: integer('hits').notNull(),
    windowEndsAt: ts('window_ends_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('rate_limit_counters_window_ends_at_idx').on(t.windowEndsAt)],
);
