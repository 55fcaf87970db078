/**
 * The demo's balance confirmation round and mailed statement (issue 22, "Demo data that shows it:
 * ... a mailed statement"; "the provider sees who confirmed, who disputed, who did not answer"):
 * - a round the global admin started three days after last month's end for the balances at its
 *   end, through the round's own use case (startConfirmationRound): kari's customer (Fjordland
 *   Dagligvare AS) confirmed, mikko's (Pohjolan Tukku Oy) disputed two lines with its own figures
 *   and a comment (recordConfirmationAnswer), ole's brewery and lise's Swedish customer have not
 *   answered. Its mails are archived as sent (their addresses are made up: nothing goes out);
 *   the times are set back to the days they would have happened.
 * - the last closed period's statement of kari's location, mailed by the statement job's own
 *   step (mailLocationStatement) to the accounts department; the scheduler mails the rest of
 *   the customers' locations at its first run.
 * Fixed choices after the generators (the random sequence does not change).
 */
import { addPlainDays, type StatementSchedule } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { readPublicUrl } from '../../config.js';
import { rows, type Tx } from '../../db/client.js';
import { recordConfirmationAnswer } from '../confirmations/answer-balance-confirmation.js';
import { closingBalancesOf } from '../confirmations/confirmation-balances.js';
import { startConfirmationRound } from '../confirmations/create-confirmation-round.js';
import { mailLocationStatement } from '../statements/mail-statements.js';
import { lastClosedPeriod } from '../statements/statement-periods.js';
import type { SeedContext, SeedWorld } from './context.js';

/** The customer of a demo user's location. */
const customerOf = (world: SeedWorld, login: string) => world.locations.find((l) => l.id === world.demo[login]?.locationId)?.customerId;

/** The time `days` after the day `day` at `hour` o'clock UTC, as an ISO timestamp. */
const at = (day: string, days: number, hour: number) => `${addPlainDays(day, days)}T${String(hour).padStart(2, '0')}:00:00Z`;

export async function seedConfirmations(tx: Tx, ctx: SeedContext, world: SeedWorld): Promise<void> {
  const admin = world.demo.admin;
  const confirming = customerOf(world, 'kari');
  const disputing = customerOf(world, 'mikko');
  const silent = [customerOf(world, 'ole'), customerOf(world, 'lise')].filter((id): id is number => id !== undefined);
  if (!admin || confirming === undefined || disputing === undefined) return;
  const asOf = addPlainDays(`${ctx.today.slice(0, 8)}01`, -1);
  const [year, month, day] = asOf.split('-');
  const roundId = await startConfirmationRound(tx, {
    name: `Saldobekreftelse ${day}.${month}.${year}`,
    asOf,
    customerIds: [confirming, disputing, ...silent],
    userId: admin.userId,
    publicUrl: readPublicUrl(),
  });
  const started = at(asOf, 3, 8);
  await tx.execute(sql`UPDATE confirmation_rounds SET created_at = ${started}::timestamptz WHERE id = ${roundId}`);
  await tx.execute(
    sql`UPDATE email_archive SET status = 'sent', sent_at = ${started}::timestamptz, created_at = ${started}::timestamptz,
          send_body = NULL, send_html = NULL
        WHERE topic = 'balanceConfirmation' AND status IN ('queued', 'stored')`,
  );
  const confirmations = await rows<{ id: number; customerId: number }>(
    tx,
    sql`SELECT id, customer_id AS "customerId" FROM balance_confirmations WHERE round_id = ${roundId}`,
  );
  const idOf = (customerId: number) => Number(confirmations.find((c) => Number(c.customerId) === customerId)?.id);

  await recordConfirmationAnswer(
    tx,
    { id: idOf(confirming), customerId: confirming, asOf },
    { answer: 'confirmed', name: 'Kari Nordmann' },
  );
  const lines = (await closingBalancesOf(tx, 'fi-FI', disputing, asOf)).filter((b) => b.quantity >= 50).slice(0, 2);
  await recordConfirmationAnswer(
    tx,
    { id: idOf(disputing), customerId: disputing, asOf },
    {
      answer: 'disputed',
      name: 'Mikko Korhonen',
      comment: 'Vantaan EUR-lavoja on kirjanpitomme mukaan 40 vähemmän; kaksi palautusta puuttuu.',
      lines: lines.map((b, index) => ({
        locationId: b.locationId,
        productId: b.productId,
        balanceKind: b.balanceKind,
        quantity: b.quantity - (index === 0 ? 40 : 12),
      })),
    },
  );
  await tx.execute(sql`UPDATE balance_confirmations SET answered_at = ${at(asOf, 4, 9)}::timestamptz WHERE id = ${idOf(confirming)}`);
  await tx.execute(sql`UPDATE balance_confirmations SET answered_at = ${at(asOf, 6, 13)}::timestamptz WHERE id = ${idOf(disputing)}`);

  await seedMailedStatement(tx, ctx, world);
}

/** kari's location's statement of the last closed period, mailed as the statement job mails it. */
async function seedMailedStatement(tx: Tx, ctx: SeedContext, world: SeedWorld): Promise<void> {
  const kari = world.demo.kari;
  const [setting] = await rows<{ customerId: number; schedule: StatementSchedule; recipients: string; countryId: string }>(
    tx,
    sql`SELECT s.customer_id AS "customerId", s.schedule, s.recipients, c.country_id AS "countryId"
        FROM statement_settings s JOIN customers c ON c.id = s.customer_id JOIN locations l ON l.customer_id = c.id
        WHERE l.id = ${kari?.locationId ?? 0}`,
  );
  if (!kari || !setting) return;
  const period = lastClosedPeriod(setting.schedule, ctx.today);
  if (period) await mailLocationStatement(tx, { ...setting, customerId: Number(setting.customerId) }, kari.locationId, period);
}
