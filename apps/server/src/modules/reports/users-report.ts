/**
 * The users report (issue 8, "Reports"; docs/domain.md, "Reports"): the users whose primary or
 * secondary location is one of the report's locations (so a location-level user sees the users of
 * their own locations, a customer-level one the customer's), with login, location, roles, report
 * level, finance permission, active flag and last logon. The period does not apply.
 */
import type { ReportRow } from '@portal/domain';
import { rows, sql } from '../../db/client.js';
import { translator } from '../../i18n.js';
import { roleName } from '../company/role-names.js';
import { isoInstant } from '../http.js';
import { type ColumnDef, num, type ReportDefinition, type ReportRows } from './report-definition.js';
import { inLocations, type ReportContext } from './report-scope.js';

const columns: ColumnDef[] = [
  { key: 'userId', type: 'id' },
  { key: 'userName', type: 'text' },
  { key: 'loginName', type: 'text' },
  { key: 'email', type: 'text' },
  { key: 'customerName', type: 'text' },
  { key: 'locationName', type: 'text' },
  { key: 'roles', type: 'text' },
  { key: 'reportLevel', type: 'text' },
  { key: 'financeReport', type: 'boolean' },
  { key: 'active', type: 'boolean' },
  { key: 'lastLogon', type: 'datetime' },
];

interface UserRow {
  id: number;
  name: string;
  loginName: string;
  email: string | null;
  customerName: string;
  locationName: string | null;
  isGlobalAdmin: boolean;
  isCustomerAdmin: boolean;
  isSupport: boolean;
  isSuperuser: boolean;
  roles: string[] | null;
  reportLevel: number;
  financeReport: boolean;
  isActive: boolean;
  lastLoginAt: Date | string | null;
}

async function* userRows(ctx: ReportContext): ReportRows {
  const t = translator(ctx.locale);
  const list = await rows<UserRow>(
    ctx.db,
    sql`SELECT u.id, u.name, u.login_name AS "loginName", u.email, c.name AS "customerName", l.name AS "locationName",
          u.is_global_admin AS "isGlobalAdmin", u.is_customer_admin AS "isCustomerAdmin", u.is_support AS "isSupport",
          u.is_superuser AS "isSuperuser", u.report_level AS "reportLevel", u.finance_report AS "financeReport",
          u.is_active AS "isActive", u.last_login_at AS "lastLoginAt",
          (SELECT array_agg(r.name ORDER BY r.name) FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id) AS roles
        FROM users u JOIN customers c ON c.id = u.customer_id LEFT JOIN locations l ON l.id = u.location_id
        WHERE ${inLocations(sql.raw('u.location_id'), ctx.locationIds)}
           OR EXISTS (SELECT 1 FROM user_locations ul WHERE ul.user_id = u.id AND ${inLocations(sql.raw('ul.location_id'), ctx.locationIds)})
        ORDER BY c.name, u.name, u.id`,
  );
  const out: ReportRow[] = list.map((u) => {
    const roles = [
      ...(u.isGlobalAdmin ? [t('reports.roles.globalAdmin')] : []),
      ...(u.isCustomerAdmin ? [t('reports.roles.customerAdmin')] : []),
      ...(u.isSupport ? [t('reports.roles.support')] : []),
      ...(u.isSuperuser ? [t('reports.roles.superuser')] : []),
      // The job roles in the reader's language, in that language's order (role-names.ts).
      ...(u.roles ?? []).map((role) => roleName(t, role)).sort((a, b) => a.localeCompare(b, ctx.locale)),
    ];
    return {
      userId: num(u.id),
      userName: u.name,
      loginName: u.loginName,
      email: u.email,
      customerName: u.customerName,
      locationName: u.locationName,
      roles: roles.join(', '),
      reportLevel: t(`reports.reportLevels.${u.reportLevel}`),
      financeReport: u.financeReport,
      active: u.isActive,
      lastLogon: isoInstant(u.lastLoginAt),
    };
  });
  yield out;
  return undefined;
}

export const usersReport: ReportDefinition = { area: 'reports', columns: () => columns, rows: userRows };
