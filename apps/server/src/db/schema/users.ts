/** Users, their locations, task permissions and roles (spec section 6). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { customers, locations } from './company.js';

/** A portal user. Password hashed with scrypt (see modules/auth/password.ts). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    locationId: integer('location_id').references(() => locations.id),
    name: text('name').notNull(),
    loginName: text('login_name').notNull(),
    phone: text('phone'),
    email: text('email'),
    language: text('language').notNull().default('nb-NO'),
    isActive: boolean('is_active').notNull().default(true),
    isGlobalAdmin: boolean('is_global_admin').notNull().default(false),
    isCustomerAdmin: boolean('is_customer_admin').notNull().default(false),
    isReturnScheme: boolean('is_return_scheme').notNull().default(false),
    /** Provider support staff: takes and answers support cases (issue 10). */
    isSupport: boolean('is_support').notNull().default(false),
    /** Support (customer), spec section 6: follows the support cases of the user's whole customer. */
    supportCustomer: boolean('support_customer').notNull().default(false),
    /** Support (location), spec section 6: follows the support cases of the user's own locations. */
    supportLocation: boolean('support_location').notNull().default(false),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    reportLevel: smallint('report_level').notNull().default(0),
    financeReport: boolean('finance_report').notNull().default(false),
    standardDraft: boolean('standard_draft').notNull().default(false),
    notifyAutoCommit: boolean('notify_auto_commit').notNull().default(false),
    notifyDeviation: boolean('notify_deviation').notNull().default(false),
    notifyDisagree: boolean('notify_disagree').notNull().default(false),
    notifyHighVolume: boolean('notify_high_volume').notNull().default(false),
    notifyNewCustomer: boolean('notify_new_customer').notNull().default(false),
    notifyStockLevel: boolean('notify_stock_level').notNull().default(false),
    /** Mail me when a support case of mine gets an answer or a new status (issue 10); on unless turned off. */
    notifySupport: boolean('notify_support').notNull().default(true),
    passwordHash: text('password_hash').notNull(),
    lastLoginAt: ts('last_login_at'),
    /** When the password was last set (change, reset, an admin); null for the seed's. */
    passwordChangedAt: ts('password_changed_at'),
    confirmedGdpr: boolean('confirmed_gdpr').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_login_name_uq').on(sql`lower(${t.loginName})`), index('users_customer_idx').on(t.customerId)],
);

/** Primary and secondary locations of a user (the Location report level's scope). */
export const userLocations = pgTable(
  'user_locations',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    isPrimary: boolean('is_primary').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.locationId] })],
);

/** Task permissions of a user (ORDER, DISPATCH, ...); no rows means every task. */
export const userTasks = pgTable(
  'user_tasks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    task: text('task').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.task] })],
);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);
