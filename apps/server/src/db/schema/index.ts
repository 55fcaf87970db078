/**
 * The database schema of the whole portal domain (domain.md), PostgreSQL 15 dialect, one file
 * per area. Units: quantities in carriers (pallets, crates), money in minor currency units
 * (øre, öre, cent) as bigint, business dates as plain `date` (yyyy-MM-dd, the location's
 * country), instants as `timestamptz` (UTC).
 */
export * from './api.js';
export * from './auth.js';
export * from './balance.js';
export * from './company.js';
export * from './confirmations.js';
export * from './containers.js';
export * from './disputes.js';
export * from './global.js';
export * from './idempotency.js';
export * from './integrations.js';
export * from './invoices.js';
export * from './mail.js';
export * from './messages.js';
export * from './orders.js';
export * from './pallet-receipts.js';
export * from './public.js';
export * from './reconciliation.js';
export * from './reference.js';
export * from './scheduled.js';
export * from './statements.js';
export * from './support.js';
export * from './users.js';
