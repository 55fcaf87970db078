/**
 * The webhook sender (issue 23, "Delivery"; docs/integrations.md, "Webhooks"): every server process
 * runs it (startWebhookSender); each round claims due deliveries with `FOR UPDATE SKIP LOCKED`
 * and a lease (`locked_until`), so each attempt has exactly one sender however many processes run,
 * and a process killed mid-send leaves its claim to expire and the delivery to be sent again (at
 * least once). A delivery is the event as its endpoint's owner reads it now (owner-auth.ts),
 * signed by Standard Webhooks (the `standardwebhooks` library: `webhook-id` = the event's id,
 * `webhook-timestamp`, `webhook-signature` = `v1,<HMAC-SHA256>` with the endpoint's secret, and
 * with its previous secret during a rotation's overlap). 2xx delivers; anything else (another
 * status, a timeout, a refused or blocked address) is tried again after a growing pause for up to
 * WEBHOOK_RETRY_HOURS, then the delivery fails, the endpoint is paused and its owner alerted.
 */
import { locales, WEBHOOK_RETRY_HOURS } from '@portal/domain';
import { Webhook } from 'standardwebhooks';
import { type Db, rows, sql } from '../../db/client.js';
import { translator } from '../../i18n.js';
import type { AuthContext } from '../../plugins/auth.js';
import { type EventRow, readEvent } from './find-events.js';
import { ownerAuth } from './owner-auth.js';
import { postWebhook } from './webhook-http.js';

/** The sender's settings (README, "Configuration": WEBHOOK_TIMEOUT_MS, WEBHOOKS_ALLOW_PRIVATE). */
export interface WebhookSenderOptions {
  /** The deadline of one attempt, in milliseconds. */
  timeoutMs: number;
  /** Let deliveries go to loopback and private addresses (tests, a receiver on the same machine). */
  allowPrivate: boolean;
  /** Deliveries claimed per round. */
  batch?: number;
}

/** Pauses before attempt 2, 3, ...: 10 s, 1 min, 5 min, 30 min, 2 h, 5 h, then every 10 h (Standard Webhooks' advice: exponential, with a cap). */
const RETRY_SECONDS = [10, 60, 300, 1800, 7200, 18000, 36000];
/** How long a claim holds: longer than any attempt's deadline. */
const LEASE_SECONDS = 120;

interface Claim extends EventRow {
  deliveryId: number | string;
  endpointId: number;
  attempts: number;
  ageHours: number;
  url: string;
  customerId: number;
  ownerUserId: number;
  secret: string;
  previousSecret: string | null;
}

/** What a round did. */
export interface SendRound {
  delivered: number;
  retried: number;
  failed: number;
  skipped: number;
}

/** One round: claims up to `batch` due deliveries of active endpoints and attempts each. */
export async function sendDueWebhooks(db: Db, options: WebhookSenderOptions): Promise<SendRound> {
  const claims = await rows<Claim>(
    db,
    sql`WITH due AS (
        SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id
        WHERE d.status = 'pending' AND w.active AND d.next_attempt_at <= now() AND (d.locked_until IS NULL OR d.locked_until < now())
        ORDER BY d.next_attempt_at, d.id LIMIT ${options.batch ?? 20}
        FOR UPDATE OF d SKIP LOCKED)
      UPDATE webhook_deliveries d SET locked_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = d.attempts + 1
      FROM due, webhook_endpoints w, integration_events e
      WHERE d.id = due.id AND w.id = d.endpoint_id AND e.id = d.event_id
      RETURNING d.id AS "deliveryId", d.endpoint_id AS "endpointId", d.attempts,
        extract(epoch FROM now() - d.created_at) / 3600 AS "ageHours", w.url, w.customer_id AS "customerId",
        w.owner_user_id AS "ownerUserId", w.secret,
        CASE WHEN w.previous_secret_until > now() THEN w.previous_secret END AS "previousSecret",
        e.id, e.tx_id::text AS tx, e.type, e.order_id AS "orderId", e.previous_status AS "previousStatus", e.status,
        e.occurred_at AS "occurredAt"`,
  );
  const round: SendRound = { delivered: 0, retried: 0, failed: 0, skipped: 0 };
  const owners = new Map<string, AuthContext | null>();
  for (const claim of claims) {
    const key = `${claim.ownerUserId}:${claim.customerId}`;
    if (!owners.has(key)) owners.set(key, await ownerAuth(db, claim.ownerUserId, claim.customerId));
    const owner = owners.get(key) ?? null;
    const event = owner ? await readEvent(db, owner, claim) : null;
    if (!event) {
      await db.execute(sql`UPDATE webhook_deliveries SET status = 'skipped', locked_until = NULL WHERE id = ${claim.deliveryId}`);
      round.skipped++;
      continue;
    }
    const body = JSON.stringify({ ...event, timestamp: event.occurredAt });
    const at = new Date();
    const signatures = [claim.secret, claim.previousSecret]
      .filter((s): s is string => !!s)
      .map((s) => new Webhook(s).sign(event.id, at, body));
    const result = await postWebhook(
      claim.url,
      { 'webhook-id': event.id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signatures.join(' ') },
      body,
      options,
    );
    const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const error = ok ? null : (result.error ?? 'status');
    if (ok) {
      await db.execute(sql`UPDATE webhook_deliveries SET status = 'delivered', delivered_at = now(), locked_until = NULL,
        last_status_code = ${result.statusCode}, last_duration_ms = ${result.durationMs}, last_error = NULL WHERE id = ${claim.deliveryId}`);
      round.delivered++;
    } else if (Number(claim.ageHours) >= WEBHOOK_RETRY_HOURS) {
      await giveUp(db, claim, result.statusCode, result.durationMs, error);
      round.failed++;
    } else {
      const pause = RETRY_SECONDS[Math.min(claim.attempts - 1, RETRY_SECONDS.length - 1)] as number;
      await db.execute(sql`UPDATE webhook_deliveries SET locked_until = NULL, next_attempt_at = now() + make_interval(secs => ${pause}),
        last_status_code = ${result.statusCode}, last_duration_ms = ${result.durationMs}, last_error = ${error} WHERE id = ${claim.deliveryId}`);
      round.retried++;
    }
  }
  return round;
}

/** A delivery tried for WEBHOOK_RETRY_HOURS: failed; its endpoint paused and its owner alerted, in one transaction. */
async function giveUp(db: Db, claim: Claim, statusCode: number | null, durationMs: number, error: string | null): Promise<void> {
  const texts = Object.fromEntries(
    locales.map((locale) => {
      const t = translator(locale);
      return [locale, { title: t('webhooks.pausedTitle'), text: t('webhooks.pausedText', { url: claim.url, hours: WEBHOOK_RETRY_HOURS }) }];
    }),
  );
  await db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE webhook_deliveries SET status = 'failed', locked_until = NULL,
      last_status_code = ${statusCode}, last_duration_ms = ${durationMs}, last_error = ${error} WHERE id = ${claim.deliveryId}`);
    const paused = await rows<{ id: number }>(
      tx,
      sql`UPDATE webhook_endpoints SET active = false, paused_reason = 'failing', version = version + 1, updated_at = now()
        WHERE id = ${claim.endpointId} AND active RETURNING id`,
    );
    if (paused.length)
      await tx.execute(sql`INSERT INTO alerts (user_id, source, source_id, title, text, texts, created_at)
        VALUES (${claim.ownerUserId}, 'Webhook', ${claim.endpointId}, ${texts['en-US']?.title ?? ''}, ${texts['en-US']?.text ?? ''},
          ${JSON.stringify(texts)}::jsonb, clock_timestamp())`);
  });
}

/**
 * Runs sendDueWebhooks every `intervalMs` in this process until the returned stop is called (a
 * round that found a full batch goes on at once). Errors are logged and the next round tries again.
 */
export function startWebhookSender(
  db: Db,
  options: WebhookSenderOptions & { intervalMs: number; log: (message: string) => void },
): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = (async () => {
      try {
        for (;;) {
          const round = await sendDueWebhooks(db, options);
          const handled = round.delivered + round.retried + round.failed + round.skipped;
          if (stopped || handled < (options.batch ?? 20)) break;
        }
      } catch (error) {
        options.log(`Webhook sender failed: ${(error as Error).message}`);
      }
      if (!stopped) timer = setTimeout(tick, options.intervalMs);
    })();
  };
  timer = setTimeout(tick, options.intervalMs);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
