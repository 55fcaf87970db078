/**
 * The sister-company portals of the top bar (spec section 2 "Shell", section 7 "InterCompany";
 * issue 11 "Sister portals"; docs/domain.md, "Sister portals").
 */
import { rows, sql, type Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';

/** One sister portal: its address, its company's country (ISO 3166-1 alpha-2) and whether the caller has an account there. */
export interface InterCompanyLinkRow {
  url: string;
  companyCountry: string;
  /**
   * The signed-in login user (not the user acted as: the account is the person's) has a row in
   * `inter_company_accounts` for the portal, so the top bar hands the sign-in over with a
   * one-time token (`POST HandoverToken`, `?auth=`); otherwise it links plainly.
   */
  hasAccount: boolean;
}

/** The action `InterCompany` of POST Actions: every sister portal, in the order they were added. Any signed-in user. */
export async function listInterCompanyLinks(db: Tx, auth: AuthContext): Promise<InterCompanyLinkRow[]> {
  return rows<InterCompanyLinkRow>(
    db,
    sql`SELECT l.url, l.company_country AS "companyCountry",
               EXISTS (SELECT 1 FROM inter_company_accounts a WHERE a.link_id = l.id AND a.user_id = ${auth.loginUser.id}) AS "hasAccount"
        FROM inter_company_links l ORDER BY l.id`,
  );
}
