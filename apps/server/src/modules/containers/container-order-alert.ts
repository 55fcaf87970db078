/**
 * The bell's alerts of a container order (docs/container-orders.md, "Alerts"): each step alerts
 * the other side.
 * - A step by provider staff (confirmed, delivered, cancelled) alerts every user of the order's
 *   location (a location alert, as a decided count: counting/count-audit-alert.ts).
 * - An order or a cancellation by the ordering side alerts the provider's container desk: every
 *   active user of the provider with the CONTAINER task (an empty task list holds every task),
 *   but not the one who made it.
 * Alerts carry title and text in every locale (`alerts.texts`), source `ContainerOrder` and the
 * order's id; GET Alerts links them to /app/containers/orders/{id}.
 */
import { type ContainerOrderStatus, type Locale, locales } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { AlertText } from '../../db/schema/messages.js';
import { localizeParams, translator } from '../../i18n.js';
import { productNamesById } from '../orders/product-names.js';

/** What the alert tells: the order, its location and product, the new status and its comment. */
export interface ContainerOrderEvent {
  orderId: number;
  locationId: number;
  locationName: string;
  productId: number | null;
  quantity: number;
  /** The wanted day, yyyy-MM-dd. */
  wantedDate: string | null;
  /** The status the order reached (Open: it was just ordered). */
  status: ContainerOrderStatus;
  comment: string | null;
  /** Who made the step; `byProvider` decides who hears of it. */
  actorId: number;
  byProvider: boolean;
  /** When (ISO 8601); default the moment of the call (the demo seed dates its own). */
  at?: string;
}

/** The alert's title and text in `locale`. */
function alertText(locale: Locale, event: ContainerOrderEvent, product: string): AlertText {
  const t = translator(locale);
  const params = localizeParams(t, locale, {
    id: event.orderId,
    location: event.locationName,
    quantity: event.quantity,
    product,
    date: event.wantedDate ?? '',
    status: t(`containerOrders.status.${event.status}`),
    comment: event.comment ?? '',
  });
  const title = event.status === 'Open' ? t('containerOrders.alert.orderedTitle', params) : t('containerOrders.alert.stepTitle', params);
  const text = t('containerOrders.alert.text', params) + (event.comment ? ` ${t('containerOrders.alert.comment', params)}` : '');
  return { title, text };
}

/** Writes the alerts of `event` inside `tx` (see above). */
export async function alertContainerOrderEvent(tx: Tx, event: ContainerOrderEvent): Promise<void> {
  const entries: [Locale, AlertText][] = [];
  for (const locale of locales) {
    const names = await productNamesById(tx, locale, event.productId === null ? [] : [event.productId]);
    entries.push([locale, alertText(locale, event, event.productId === null ? '' : (names.get(event.productId) ?? ''))]);
  }
  const texts = Object.fromEntries(entries);
  const english = texts['en-US'] as AlertText;
  const at = sql`COALESCE(${event.at ?? null}::timestamptz, clock_timestamp())`;
  if (event.byProvider) {
    await tx.execute(sql`INSERT INTO alerts (location_id, source, source_id, title, text, texts, created_at)
      VALUES (${event.locationId}, 'ContainerOrder', ${event.orderId}, ${english.title}, ${english.text}, ${JSON.stringify(texts)}::jsonb, ${at})`);
    return;
  }
  await tx.execute(sql`INSERT INTO alerts (user_id, source, source_id, title, text, texts, created_at)
    SELECT u.id, 'ContainerOrder', ${event.orderId}, ${english.title}, ${english.text}, ${JSON.stringify(texts)}::jsonb, ${at}
    FROM users u JOIN customers c ON c.id = u.customer_id
    WHERE c.is_provider AND u.is_active AND u.id <> ${event.actorId}
      AND (NOT EXISTS (SELECT 1 FROM user_tasks t WHERE t.user_id = u.id)
        OR EXISTS (SELECT 1 FROM user_tasks t WHERE t.user_id = u.id AND t.task = 'CONTAINER'))
    ORDER BY u.id`);
}
