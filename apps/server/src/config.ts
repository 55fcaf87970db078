/**
 * Server configuration from the environment (README, "Configuration").
 * Relative paths resolve against the directory npm was started in (INIT_CWD), so
 * `npm start` at the repository root keeps its data in `./data` there.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { EVENT_RETENTION_DAYS_DEFAULT } from '@portal/domain';

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl: string | null;
  /** PGlite data directory. */
  dataDir: string;
  /** Load the demo data on first start. */
  seedDemo: boolean;
  /** Session lifetime in hours. */
  sessionHours: number;
  /**
   * Which proxies may tell the client's address (X-Forwarded-For) and protocol
   * (X-Forwarded-Proto): false (default) trusts none, so the socket's peer is the client; a
   * list of addresses, CIDR ranges or proxy-addr names (loopback, linklocal, uniquelocal).
   * TRUST_PROXY in the environment (parseTrustProxy).
   */
  trustProxy: false | string[];
  smtpUrl: string | null;
  /**
   * The portal's public address (scheme, host, optional port and path; no trailing slash),
   * the base of links in mails (password links: modules/accounts/password-link.ts). From
   * PUBLIC_URL, never from a request's Host header (reset-link poisoning, OWASP).
   */
  publicUrl: string;
  /** Days the application log (Global > Log) keeps a row; LOG_RETENTION_DAYS, default 90 (docs/global.md). */
  logRetentionDays: number;
  /**
   * Host names the portal serves (PORTAL_HOSTS, comma-separated; `*.se` matches any host
   * ending in `.se`), or null (unset: every host). localhost and the host of PUBLIC_URL are
   * always served; any other host gets the old-page notice (spec section 2; docs/global.md).
   */
  portalHosts: string[] | null;
  webDist: string;
  version: string;
  build: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const base = env.INIT_CWD ?? process.cwd();
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    dataDir: path.resolve(base, env.DATA_DIR ?? 'data'),
    seedDemo: env.SEED_DEMO !== 'false',
    sessionHours: Number(env.SESSION_HOURS ?? 12),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    smtpUrl: env.SMTP_URL || null,
    publicUrl: readPublicUrl(env),
    logRetentionDays: readLogRetentionDays(env.LOG_RETENTION_DAYS),
    portalHosts: readPortalHosts(env.PORTAL_HOSTS),
    webDist: path.resolve(import.meta.dirname, '../../web/dist'),
    version: env.APP_VERSION ?? '1.0.114',
    build: env.APP_BUILD ?? 'dev',
  };
}

/**
 * Reads PUBLIC_URL (README, "Configuration"): an http or https address, default
 * `http://localhost:<PORT>`; a trailing slash is dropped. Links in mails (a password reset)
 * are built on it and never on the Host header of the request that caused them, which a
 * client chooses (OWASP Forgot Password Cheat Sheet, "URL tokens"; reset-link poisoning).
 * @throws Error when the value is no absolute http(s) URL
 */
export function readPublicUrl(env: NodeJS.ProcessEnv = process.env): string {
  const value = (env.PUBLIC_URL ?? '').trim() || `http://localhost:${Number(env.PORT ?? 3000)}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_URL=${value} is not an absolute URL (e.g. https://portal.example.com)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PUBLIC_URL=${value}: only http and https are allowed`);
  if (url.search || url.hash || url.username || url.password)
    throw new Error(`PUBLIC_URL=${value}: give the scheme, host and path only (no query, fragment or credentials)`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/**
 * Reads LOG_RETENTION_DAYS (README, "Configuration"): whole days from 1 to 3650, default 90.
 * @throws Error for anything else
 */
export function readLogRetentionDays(value: string | undefined): number {
  return readRetentionDays('LOG_RETENTION_DAYS', value, 90);
}

/**
 * Reads EVENT_RETENTION_DAYS (README, "Configuration"): the days an integration event stays in
 * the feed (GET Events, docs/integrations.md), 1 to 3650, default 90 (issue 23). Anything else
 * stops the start with a message naming the variable.
 */
export function readEventRetentionDays(value: string | undefined): number {
  return readRetentionDays('EVENT_RETENTION_DAYS', value, EVENT_RETENTION_DAYS_DEFAULT);
}

/** Whole days from 1 to 3650 in the variable `name`, `fallback` when unset or empty. */
function readRetentionDays(name: string, value: string | undefined, fallback: number): number {
  const text = (value ?? '').trim();
  if (text === '') return fallback;
  const days = Number(text);
  if (!/^\d+$/.test(text) || days < 1 || days > 3650) throw new Error(`${name}=${text}: give whole days from 1 to 3650`);
  return days;
}

/**
 * Reads PORTAL_HOSTS (README, "Configuration"): comma-separated host names, lower-cased,
 * without port; `*.example.se` matches every host ending in `.example.se`. Unset or empty:
 * null, every host is served.
 */
export function readPortalHosts(value: string | undefined): string[] | null {
  const hosts = (value ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  return hosts.length ? hosts : null;
}

/**
 * Whether the portal has a configuration for a host (spec section 2: "If no config exists an
 * old-page notice linking to the new portal is shown"): localhost, 127.0.0.1 and the host of
 * PUBLIC_URL and any host containing `digipall` (the pallet-receipt hosts of spec section 2)
 * always; else any host when PORTAL_HOSTS is unset, or one it names.
 * @param host the request's host name, with or without port
 */
export function isPortalHost(config: Pick<Config, 'portalHosts' | 'publicUrl'>, host: string): boolean {
  const name = host.toLowerCase().replace(/:\d+$/, '');
  if (config.portalHosts === null) return true;
  if (name === 'localhost' || name === '127.0.0.1' || name === '[::1]' || name === new URL(config.publicUrl).hostname) return true;
  // The digipall hosts open the pallet-receipt screens (spec section 2, routing rules): their
  // sign-in page must never turn into the old-page notice (docs/global.md, "Hosts").
  if (name.includes('digipall')) return true;
  return config.portalHosts.some((pattern) => (pattern.startsWith('*.') ? name.endsWith(pattern.slice(1)) : name === pattern));
}

const proxyNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Reads TRUST_PROXY (README, "Configuration"). Unset, empty or `false`: trust no proxy, so a
 * client cannot choose its own address with X-Forwarded-For and escape the sign-in throttle
 * and the rate limits (OWASP ASVS 4.0.3 V2.2.1). Otherwise a comma-separated list of the
 * proxies' addresses, CIDR ranges (`10.0.0.0/8`) or the names `loopback`, `linklocal`,
 * `uniquelocal`: a request from one of them is taken to come from the address it forwards.
 * @throws Error for `true` (it would trust every client's own header), for a hop count (it
 * cannot tell a proxy from a client that sends the header itself; Fastify 5 trusts nothing
 * then) and for an entry that is no address, range or name
 */
export function parseTrustProxy(value: string | undefined): false | string[] {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true' || /^\d+$/.test(text)) {
    throw new Error(
      `TRUST_PROXY=${text} would let clients pick their own address with X-Forwarded-For: give the proxies' addresses or CIDR ranges instead (e.g. TRUST_PROXY=10.0.0.5,10.1.0.0/16)`,
    );
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const prefixOk =
      prefix === undefined ||
      (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)) ||
      (family === 4 && isIP(prefix) === 4);
    if (proxyNames.has(entry)) continue;
    if (!family || !prefixOk || extra !== undefined) {
      throw new Error(`TRUST_PROXY: "${entry}" is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal`);
    }
  }
  return entries;
}

/** The webhook sender's settings (README, "Configuration"; docs/integrations.md, "Webhooks"). */
export interface WebhookConfig {
  /** WEBHOOKS (default true): `false` sends no webhooks from this process (deliveries wait for another). */
  enabled: boolean;
  /** WEBHOOK_TIMEOUT_MS (default 10000, 100-60000): the deadline of one attempt. */
  timeoutMs: number;
  /** WEBHOOK_INTERVAL_MS (default 1000, 100-60000): the pause between the sender's rounds. */
  intervalMs: number;
  /** WEBHOOKS_ALLOW_PRIVATE (default false): `true` lets deliveries go to loopback and private addresses (tests only: SSRF). */
  allowPrivate: boolean;
}

/**
 * Reads the webhook sender's settings.
 * @throws Error naming the variable for a value out of its range
 */
export function readWebhookConfig(env: NodeJS.ProcessEnv = process.env): WebhookConfig {
  const millis = (name: string, fallback: number) => {
    const text = (env[name] ?? '').trim();
    if (text === '') return fallback;
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < 100 || value > 60_000) throw new Error(`${name}=${text}: give milliseconds from 100 to 60000`);
    return value;
  };
  return {
    enabled: env.WEBHOOKS !== 'false',
    timeoutMs: millis('WEBHOOK_TIMEOUT_MS', 10_000),
    intervalMs: millis('WEBHOOK_INTERVAL_MS', 1000),
    allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE === 'true',
  };
}
