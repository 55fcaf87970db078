/**
 * The alerts and mails of a dispute (issue 22; docs/disputes.md, "Alerts and mail"): written in
 * the transaction of the step, so they exist exactly when it committed; the mail is stored in the
 * email archive and sent by the outbox after commit (mail/send-mail.ts). A party's alert goes to
 * its location's users (source `Dispute`, source id the dispute: the bell opens it), with title
 * and text in every locale; its mail to the location's order-confirmation address (the
 * location's, else its customer's) in its country's language (`mailLocale`), topic `dispute`.
 * A rejection alerts the provider's global admins, who decide.
 */
import { type DisputeEvent, type Locale, locales } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import type { AlertText } from '../../db/schema/messages.js';
import { formatPlainDate, translator } from '../../i18n.js';
import { mailLocale } from '../mail/order-mail.js';
import { sendMail } from '../mail/send-mail.js';
import { productNamesById } from '../orders/product-names.js';

/** Who is told. */
export type Audience = 'opener' | 'counterparty' | 'provider';

interface NoticeFacts {
  id: number;
  source: string;
  sourceKind: string;
  sourceId: number | null;
  openerName: string;
  counterpartyName: string;
  answerDue: string | null;
  comment: string;
  decisionComment: string | null;
  /** The products with their names in the catalogue (the mail writes them in its reader's language). */
  lines: { productId: number; productName: string; wasQuantity: number; quantity: number }[];
  parties: Record<'opener' | 'counterparty', { locationId: number; customerId: number; countryId: string; email: string | null }>;
}

async function noticeFacts(tx: Tx, id: number): Promise<NoticeFacts> {
  const [row] = await rows<NoticeFacts>(
    tx,
    sql`SELECT d.id, COALESCE('#' || d.order_id::text, r.receipt_number, '') AS source, d.source_kind AS "sourceKind",
          COALESCE(d.rental_id, d.ledger_entry_id) AS "sourceId", ol.name AS "openerName", cl.name AS "counterpartyName",
          d.answer_due::text AS "answerDue", d.comment, d.decision_comment AS "decisionComment",
          (SELECT COALESCE(json_agg(json_build_object('productId', p.id, 'productName', p.name, 'wasQuantity', dl.was_quantity, 'quantity', dl.quantity)
             ORDER BY p.name), '[]'::json) FROM dispute_lines dl JOIN products p ON p.id = dl.product_id WHERE dl.dispute_id = d.id) AS lines,
          json_build_object(
            'opener', json_build_object('locationId', ol.id, 'customerId', ol.customer_id, 'countryId', ol.country_id,
              'email', COALESCE(NULLIF(trim(ol.email_order_confirmation), ''), oc.order_confirmed_email)),
            'counterparty', json_build_object('locationId', cl.id, 'customerId', cl.customer_id, 'countryId', cl.country_id,
              'email', COALESCE(NULLIF(trim(cl.email_order_confirmation), ''), cc.order_confirmed_email))) AS parties
        FROM disputes d JOIN locations ol ON ol.id = d.opener_location_id JOIN customers oc ON oc.id = ol.customer_id
        JOIN locations cl ON cl.id = d.counterparty_location_id JOIN customers cc ON cc.id = cl.customer_id
        LEFT JOIN pallet_receipts r ON r.id = d.pallet_receipt_id
        WHERE d.id = ${id}`,
  );
  if (!row) throw new Error(`dispute ${id} not found`);
  const json = <T>(value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as T;
  return { ...row, id: Number(row.id), lines: json(row.lines), parties: json(row.parties) };
}

function values(facts: NoticeFacts, locale: Locale) {
  const t = translator(locale);
  // A rental and a single entry have no number of their own: named in the reader's language.
  const source =
    facts.sourceKind === 'rental'
      ? t('disputes.source.rental', { id: facts.sourceId })
      : facts.sourceKind === 'ledgerEntry'
        ? t('disputes.source.entry', { id: facts.sourceId })
        : facts.source;
  return {
    id: facts.id,
    source,
    opener: facts.openerName,
    counterparty: facts.counterpartyName,
    dueDate: facts.answerDue ? formatPlainDate(facts.answerDue, locale) : '',
    comment: facts.decisionComment ?? facts.comment,
  };
}

function alertText(facts: NoticeFacts, locale: Locale, event: DisputeEvent): AlertText {
  const t = translator(locale);
  const v = values(facts, locale);
  return { title: t(`disputes.alert.${event}Title`, v), text: t(`disputes.alert.${event}Text`, v) };
}

function mailText(facts: NoticeFacts, locale: Locale, event: DisputeEvent, names: Map<number, string>): { subject: string; text: string } {
  const t = translator(locale);
  const v = values(facts, locale);
  const number = new Intl.NumberFormat(locale);
  const lines = facts.lines.map((l) =>
    t('disputes.mail.line', {
      product: names.get(Number(l.productId)) ?? l.productName,
      was: number.format(l.wasQuantity),
      quantity: number.format(l.quantity),
    }),
  );
  const text = [
    t(`disputes.alert.${event}Text`, v),
    `${t('disputes.mail.lines')}\n${lines.join('\n')}`,
    ...(facts.answerDue && ['opened', 'proposed'].includes(event) ? [t('disputes.mail.answerBy', v)] : []),
    t('disputes.mail.where'),
  ].join('\n\n');
  return { subject: t(`disputes.alert.${event}Title`, v), text };
}

/**
 * Tells `audiences` of dispute `id` about `event` inside `tx`: an alert to each party's location
 * users and a mail to its address in its language; `provider`: an alert to the provider's active
 * global admins.
 */
export async function notifyDispute(tx: Tx, id: number, event: DisputeEvent, audiences: readonly Audience[]): Promise<void> {
  const facts = await noticeFacts(tx, id);
  const all = JSON.stringify(Object.fromEntries(locales.map((locale) => [locale, alertText(facts, locale, event)])));
  const fallback = alertText(facts, 'en-US', event);
  for (const audience of audiences) {
    if (audience === 'provider') {
      await tx.execute(sql`INSERT INTO alerts (user_id, source, source_id, title, text, texts, created_at)
        SELECT u.id, 'Dispute', ${id}, ${fallback.title}, ${fallback.text}, ${all}::jsonb, clock_timestamp()
        FROM users u JOIN customers c ON c.id = u.customer_id WHERE c.is_provider AND u.is_global_admin AND u.is_active`);
      continue;
    }
    const party = facts.parties[audience];
    await tx.execute(sql`INSERT INTO alerts (location_id, source, source_id, title, text, texts, created_at)
      VALUES (${party.locationId}, 'Dispute', ${id}, ${fallback.title}, ${fallback.text}, ${all}::jsonb, clock_timestamp())`);
    if (party.email) {
      const locale = mailLocale(party.countryId);
      const names = await productNamesById(
        tx,
        locale,
        facts.lines.map((l) => Number(l.productId)),
      );
      const mail = mailText(facts, locale, event, names);
      await sendMail(tx, { to: party.email, ...mail, topic: 'dispute', locationId: party.locationId, customerId: party.customerId });
    }
  }
}
