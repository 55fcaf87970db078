/**
 * The status history of a demo order (orders.ts): one row per step of its path, with the
 * instant, the user who made it (by the step's actor) and the comment some steps carry.
 */
import type { Country, TransactionStatusId } from '@portal/domain';
import { addDays, at, iso, type SeedContext, type SeedLocation, type SeedWorld } from './context.js';
import type { OrderBulks } from './order-bulks.js';
import { type FlowOptions, type OrderDays, stepActor, stepTime } from './order-flow.js';

/** The comment of a step that carries one (not agreed, cancelled, replaced), by the receiver's country. */
const comments: Record<number, Record<Country, string>> = {
  6: {
    NO: 'Mottatt færre paller enn oppgitt.',
    SE: 'Mottog färre pallar än angivet.',
    DK: 'Modtaget færre paller end angivet.',
    FI: 'Vastaanotettu vähemmän lavoja kuin ilmoitettu.',
  },
  7: { NO: 'Ikke lenger behov.', SE: 'Behovet har upphört.', DK: 'Ikke længere behov.', FI: 'Tarve peruttu.' },
  8: {
    NO: 'Erstattet av korrigert ordre.',
    SE: 'Ersatt av korrigerad order.',
    DK: 'Erstattet af korrigeret ordre.',
    FI: 'Korvattu korjatulla tilauksella.',
  },
};

/** One order whose history is written. */
export interface HistoryOrder {
  id: number;
  /** The statuses the order went through, the first its creation's. */
  path: TransactionStatusId[];
  flow: FlowOptions;
  from: SeedLocation;
  to: SeedLocation | null;
  days: OrderDays;
  /** When the order was created (ms since the epoch). */
  created: number;
  /** The user who created it (null: made by the system). */
  creator: number | null;
  /** A user of a location (null for none); draws from the seed's generator. */
  userFor: (location: SeedLocation | null) => number | null;
}

/**
 * Adds the order's status history to `history`, drawing from `ctx.rng` in the steps' order.
 * @returns the instant of the last step (ms since the epoch)
 */
export function addStatusHistory(history: OrderBulks['history'], ctx: SeedContext, world: SeedWorld, order: HistoryOrder): number {
  const { rng } = ctx;
  const { id, path, flow, from, to, days, created, creator, userFor } = order;
  let time = created;
  let finalAt = created;
  path.forEach((next, step) => {
    const prev = step === 0 ? null : (path[step - 1] as TransactionStatusId);
    if (step > 0) time = Math.max(time + 60_000, Math.min(ctx.now, stepTime(rng, next, prev, time, days)));
    // An order left waiting at 11 or 13 reached that status within its reception or return
    // days, so the automatic commit (orders/auto-commit.ts) does not move it at first start.
    // No random draw here: the rest of the data stays as it was.
    if (step === path.length - 1 && (next === 11 || next === 13)) {
      const allowed = Math.max(1, next === 11 ? days.receptionDays : days.returnDays);
      const earliest = at(addDays(ctx.today, 1 - allowed), 7 * 60 + (id % 120));
      time = Math.max(time, Math.min(earliest, ctx.now - 60_000));
    }
    const actorKind = stepActor(rng, flow, prev, next, !!to?.autoCommit);
    const userId =
      actorKind === 'C'
        ? creator
        : actorKind === 'S'
          ? userFor(from)
          : actorKind === 'R'
            ? userFor(to)
            : actorKind === 'P'
              ? (userFor(to?.isDepot ? to : from.isDepot ? from : null) ?? rng.pick(world.staffUserIds))
              : null;
    const comment = comments[next]?.[(next === 8 ? 'NO' : (to ?? from).countryId) as Country] ?? null;
    history.add({ order_id: id, from_status_id: prev, to_status_id: next, user_id: userId, comment, at: iso(time) });
    finalAt = time;
  });
  return finalAt;
}
