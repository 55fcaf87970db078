/**
 * Accounts on the sister portals (issue 11 "Sister portals"; docs/domain.md, "Sister portals"):
 * admin and kari have accounts on the Swedish and the Danish portal, so their top bar hands the
 * sign-in over there (`?auth=`) and links plainly to the Finnish one. No random numbers used.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { SeedWorld } from './context.js';

/** The demo users with sister-portal accounts, and the countries of those portals (inter_company_links, demo-data/reference.ts). */
const accounts: readonly { loginName: string; countries: readonly string[] }[] = [
  { loginName: 'admin', countries: ['SE', 'DK'] },
  { loginName: 'kari', countries: ['SE', 'DK'] },
];

/** Inserts the accounts, after the users (demo-data/users.ts fills `world.demo`). */
export async function seedInterCompanyAccounts(tx: Tx, world: SeedWorld): Promise<void> {
  for (const { loginName, countries } of accounts) {
    const user = world.demo[loginName];
    if (!user) throw new Error(`seedInterCompanyAccounts: no demo user ${loginName}`);
    for (const country of countries) {
      await tx.execute(sql`INSERT INTO inter_company_accounts (user_id, link_id)
        SELECT ${user.userId}, id FROM inter_company_links WHERE company_country = ${country}`);
    }
  }
}
