/**
 * What the pallet receipt tests share (pallet-receipts*.test.ts; docs/pallet-receipts.md): the
 * demo's people and places (ole writes at Tinde Bryggeri Lørenskog's dock; kari's Fjordland
 * Dagligvare Alnabru trades with it; lise's Handelshuset Norden Uppsala does not), two carriers
 * ole holds, and the calls and reads the tests repeat.
 */
import { todayIn } from '@portal/domain';
import { rows, sql } from '../src/db/client.js';
import { signaturePng } from '../src/modules/demo-data/pallet-receipts.js';
import { Rng } from '../src/modules/demo-data/random.js';
import { openTestContext, type TestContext } from './helpers.js';

/** A signature drawing as the dock sends it. */
export const png = `data:image/png;base64,${signaturePng(new Rng(7)).toString('base64')}`;

/** Today in Norway (the demo's parties are Norwegian): booking days and due dates count there. */
export const norwegianToday = () => todayIn('NO');

/** The token of a QR link. */
export const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);

export type Login = 'admin' | 'kari' | 'ole' | 'lise';

/** A test context with the demo's receipt people signed in. */
export interface ReceiptWorld {
  ctx: TestContext;
  tokens: Record<Login, string>;
  ole: number;
  kari: number;
  lise: number;
  /** Two carriers (no containers) ole's location holds, most first. */
  products: [number, number];
  /** Sum of a location's balance of a product, both kinds. */
  balance(locationId: number, productId: number): Promise<number>;
  /** How many ledger entries a receipt has (its posting and corrections). */
  entries(id: number): Promise<number>;
  /** POST PalletReceipts as `token`. */
  write(token: string, body: Record<string, unknown>): ReturnType<TestContext['call']>;
  /** A handover ole writes with kari's location as the counterparty (10 in / 4 out, 0 in / 3 out), `extra` overriding. */
  handover(extra?: Record<string, unknown>): Record<string, unknown>;
  /** Signs `party` of receipt `id` as `token`. */
  sign(token: string, id: number, party: 'from' | 'to', name?: string): ReturnType<TestContext['call']>;
  /** The token of the link mailed to the counterparty of receipt number `number` (from the email archive), or null. */
  mailedToken(number: string): Promise<string | null>;
}

/** Opens a test context on `kind` and signs the receipt people in. */
export async function openReceiptWorld(kind: 'pglite' | 'postgres'): Promise<ReceiptWorld> {
  const ctx = await openTestContext(kind);
  const db = ctx.database.db;
  const tokens = { admin: '', kari: '', ole: '', lise: '' };
  for (const login of Object.keys(tokens) as Login[]) tokens[login] = await ctx.login(login);
  const locationOf = async (token: string) => Number((await ctx.call('GET', '/api/location', { token })).body.data.id);
  const [ole, kari, lise] = [await locationOf(tokens.ole), await locationOf(tokens.kari), await locationOf(tokens.lise)];
  const held = await rows<{ id: number }>(
    db,
    sql`SELECT b.product_id AS id FROM balances b JOIN products p ON p.id = b.product_id JOIN carrier_types ct ON ct.id = p.carrier_type_id
        WHERE b.location_id = ${ole} AND p.active AND NOT ct.is_container GROUP BY b.product_id ORDER BY sum(b.quantity) DESC, b.product_id LIMIT 2`,
  );
  const products = held.map((p) => Number(p.id)) as [number, number];
  const write = (token: string, body: Record<string, unknown>) => ctx.call('POST', '/api/PalletReceipts', { token, body });
  return {
    ctx,
    tokens,
    ole,
    kari,
    lise,
    products,
    write,
    async balance(locationId, productId) {
      const [row] = await rows<{ q: number }>(
        db,
        sql`SELECT COALESCE(sum(quantity), 0)::int AS q FROM balances WHERE location_id = ${locationId} AND product_id = ${productId}`,
      );
      return Number(row?.q);
    },
    async entries(id) {
      const [row] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ledger_entries WHERE pallet_receipt_id = ${id}`);
      return Number(row?.n);
    },
    handover: (extra = {}) => ({
      locationId: ole,
      counterpartyLocationId: kari,
      haulier: 'Bring Cargo',
      carNumber: 'EL 12345',
      lines: [
        { productId: products[0], delivered: 10, returned: 4 },
        { productId: products[1], delivered: 0, returned: 3 },
      ],
      ...extra,
    }),
    sign: (token, id, party, name = party === 'from' ? 'Tomasz Nowak' : 'Ole Hansen') =>
      ctx.call('POST', '/api/PalletReceiptSignature', { token, body: { id, party, name, image: png } }),
    async mailedToken(number) {
      const mails = await rows<{ body: string }>(
        db,
        sql`SELECT body FROM email_archive WHERE topic = 'palletReceipt' AND subject LIKE ${`%${number}%`} AND body LIKE '%/receipt/%' ORDER BY id`,
      );
      const link = /\/receipt\/([A-Za-z0-9_-]{43})/.exec(mails.at(-1)?.body ?? '');
      return link?.[1] ?? null;
    },
  };
}
