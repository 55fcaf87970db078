/**
 * The statement job (issue 22, "Statements are mailed on a schedule the customer admin
 * chooses"): for each active customer whose schedule is not off, each of its active locations'
 * statement for the last closed period (statement-periods.ts, on the customer's country's date)
 * is mailed to the customer's recipients, in the customer's country's language, with the
 * statement's PDF attached, through the mail outbox (after the commit). Exactly once across
 * server processes: the job first inserts the location's and period's row in
 * `statement_mailings`; a second process's insert waits for the first transaction and then
 * conflicts, so it sends nothing. A location with no balance and no movement in the period is
 * marked done without a mail. At most `batch` statements per run (each is a PDF): a chain with
 * hundreds of locations is mailed over a few scheduler ticks, never holding one long.
 */

import type { StatementSchedule } from '@portal/domain';
import { todayIn } from '@portal/domain';
import { type Db, rows, sql, type Tx } from '../../db/client.js';
import { translator } from '../../i18n.js';
import { mailLocale } from '../mail/order-mail.js';
import { sendMail } from '../mail/send-mail.js';
import { textMailHtml } from '../mail/text-html.js';
import { readStatement } from './get-statement.js';
import { renderStatement } from './render-statement.js';
import { lastClosedPeriod } from './statement-periods.js';
import { periodText, statementFileName } from './statement-texts.js';

/** What a customer's mailing needs. */
export interface DueCustomer {
  customerId: number;
  schedule: StatementSchedule;
  recipients: string;
  countryId: string;
}

/**
 * Mails the statements that are due at `now` (default the clock's), at most `batch` of them.
 * @returns how many statements were mailed (locations skipped as empty not counted)
 */
export async function mailDueStatements(db: Db, now: Date = new Date(), batch = 25): Promise<number> {
  const customers = await rows<DueCustomer>(
    db,
    sql`SELECT s.customer_id AS "customerId", s.schedule, s.recipients, c.country_id AS "countryId"
        FROM statement_settings s JOIN customers c ON c.id = s.customer_id
        WHERE s.schedule <> 'off' AND s.recipients <> '' AND c.status_id = 1 ORDER BY s.customer_id`,
  );
  let mailed = 0;
  let budget = batch;
  for (const customer of customers) {
    const period = lastClosedPeriod(customer.schedule, todayIn(customer.countryId, now));
    if (!period || budget <= 0) continue;
    const due = await rows<{ id: number }>(
      db,
      sql`SELECT l.id FROM locations l
          WHERE l.customer_id = ${customer.customerId} AND l.status_id = 1
            AND NOT EXISTS (SELECT 1 FROM statement_mailings m
                            WHERE m.location_id = l.id AND m.period_from = ${period.from}::date AND m.period_to = ${period.to}::date)
          ORDER BY l.id LIMIT ${budget}`,
    );
    for (const { id } of due) {
      budget--;
      if (await mailLocationStatement(db, customer, Number(id), period)) mailed++;
    }
  }
  return mailed;
}

/**
 * Claims, reads, renders and mails one location's statement of `period` in one transaction (a
 * savepoint in the caller's; the demo data mails one this way); false when another process had
 * it or it was empty.
 */
export async function mailLocationStatement(
  db: Tx,
  customer: DueCustomer,
  locationId: number,
  period: { from: string; to: string },
): Promise<boolean> {
  const locale = mailLocale(customer.countryId);
  return db.transaction(async (tx) => {
    const [claim] = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO statement_mailings (customer_id, location_id, period_from, period_to)
          VALUES (${customer.customerId}, ${locationId}, ${period.from}::date, ${period.to}::date)
          ON CONFLICT (location_id, period_from, period_to) DO NOTHING RETURNING id`,
    );
    if (!claim) return false;
    const statement = await readStatement(tx, locale, { locationId, ...period });
    if (statement.accounts.length === 0 && statement.entries.length === 0) return false;
    const t = translator(locale);
    const when = periodText(statement, locale);
    const text = t('statement.mail.text', {
      location: statement.location.name,
      customer: statement.customer.name,
      period: when,
      movements: statement.entries.length,
      issuer: statement.issuerName,
    });
    const emailId = await sendMail(tx, {
      to: customer.recipients,
      subject: t('statement.mail.subject', { location: statement.location.name, period: when }),
      text,
      html: textMailHtml(locale, text),
      topic: 'statement',
      locationId,
      customerId: customer.customerId,
      attachments: [
        { fileName: statementFileName(statement, 'pdf'), contentType: 'application/pdf', data: await renderStatement(statement, locale) },
      ],
    });
    await tx.execute(sql`UPDATE statement_mailings SET email_id = ${emailId} WHERE id = ${claim.id}`);
    return emailId !== null;
  });
}
