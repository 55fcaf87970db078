/**
 * The session status of spec section 3 (customer, location, user, loginUser, language, info).
 */
import { environmentForHost, isLocale, type Location, type SessionStatus } from '@portal/domain';
import type { Config } from '../../config.js';
import { rows, sql, type Tx } from '../../db/client.js';
import type { AuthContext, UserRow } from '../../plugins/auth.js';
import { logoVersionSql } from '../company/company-info.js';
import { isAgreementAcceptor } from './accept-agreement.js';

/** SQL columns of a location in the shape of `ZLocation` (table alias `l`, customer `c`). */
export const locationColumns = sql`l.id, l.name, l.number, l.external_id AS "externalId", l.gln,
  l.status_id AS "statusId", l.type_id AS "typeId", l.customer_id AS "customerId", c.name AS "customerName",
  cc.name AS "customerNameCorporate", c.customer_id_corporate AS "customerIdCorporate",
  l.pooling_group_id AS "poolingGroupId", l.is_default AS "isDefault", l.is_pooling AS "isPooling",
  c.is_corporate AS "isCorporate", l.is_return_scheme AS "isReturnScheme", l.is_commission AS "isCommission",
  l.is_dispatch AS "isDispatch", l.is_container_active AS "isContainerActive",
  l.is_sorting_depot AS "isSortingDepot", l.country_id AS "countryId",
  co.currency, l.street, l.postal_code AS "postalCode", l.postal_name AS "postalName"`;

export const locationJoins = sql`JOIN customers c ON c.id = l.customer_id
  LEFT JOIN customers cc ON cc.id = c.customer_id_corporate
  JOIN countries co ON co.id = l.country_id`;

export async function loadLocation(db: Tx, locationId: number): Promise<Location | null> {
  const [location] = await rows<Location>(db, sql`SELECT ${locationColumns} FROM locations l ${locationJoins} WHERE l.id = ${locationId}`);
  return location ?? null;
}

/** The `info` part: app version, build, environment label and server time. */
export function statusInfo(config: Config, host: string | undefined) {
  return {
    version: config.version,
    build: config.build,
    environment: environmentForHost(host ?? ''),
    serverTime: new Date().toISOString(),
  };
}

function toUser(row: UserRow) {
  return {
    id: row.id,
    name: row.name,
    loginName: row.loginName,
    phone: row.phone,
    email: row.email,
    language: row.language,
    isActive: row.isActive,
    locationId: row.locationId,
    customerId: row.customerId,
    isGlobalAdmin: row.isGlobalAdmin,
    isCustomerAdmin: row.isCustomerAdmin,
    isReturnScheme: row.isReturnScheme,
    reportLevel: row.reportLevel,
    financeReport: row.financeReport,
    confirmedGdpr: row.confirmedGdpr,
    tasks: row.tasks,
  };
}

/** Builds the session status of an authenticated caller. */
export async function getSessionStatus(db: Tx, auth: AuthContext, config: Config, host?: string): Promise<SessionStatus> {
  const [customer] = await rows<{
    id: number;
    name: string;
    statusId: number;
    agreementStandard: boolean;
    agreementRequired: boolean;
    logoVersion: string | null;
  }>(
    db,
    sql`SELECT c.id, c.name, c.status_id AS "statusId", c.agreement_standard AS "agreementStandard",
          c.agreement_required AS "agreementRequired", ${logoVersionSql} AS "logoVersion" FROM customers c WHERE c.id = ${auth.customerId}`,
  );
  if (!customer) throw new Error(`Session ${auth.sessionId} acts for a missing customer`);
  const location = auth.locationId ? await loadLocation(db, auth.locationId) : null;
  // Who may accept a pending agreement for the company (accept-agreement.ts); only looked up while it is pending.
  const pending = customer.agreementRequired && !customer.agreementStandard && customer.id === auth.loginUser.customerId;
  return {
    customer: {
      ...customer,
      status: customer.statusId === 1 ? 'Active' : 'Blocked',
      ...(pending ? { agreementAcceptor: await isAgreementAcceptor(db, auth.loginUser) } : {}),
    },
    location,
    user: toUser(auth.user),
    loginUser: toUser(auth.loginUser),
    language: isLocale(auth.loginUser.language) ? auth.loginUser.language : 'nb-NO',
    isProvider: auth.isProvider,
    info: statusInfo(config, host),
  };
}
