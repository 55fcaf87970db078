/**
 * What the OpenAPI document says of each call that its central rules cannot tell (plugins/openapi.ts):
 * who may make it and the errors its use cases raise (`callDocs`), and the document's tags.
 */
import type { AppErrorCode } from '@portal/domain';

/** Who may make a call: with a bearer token (the default), anyone, or anyone and more with a token. */
export type CallSecurity = 'bearer' | 'none' | 'optional';

/** What the central rules cannot tell about a call. */
export interface CallDoc {
  /** Default `bearer`: the call answers 401 without a valid token. */
  security?: CallSecurity;
  /**
   * The error codes the call's use cases raise, beyond the central ones (VALIDATION with input,
   * UNAUTHORIZED with a token, RATE_LIMITED with a rate limit). Each is documented under its
   * HTTP status (httpStatusOf); a `[code, status]` pair where a code answers another status.
   */
  errors?: readonly (AppErrorCode | readonly [AppErrorCode, number])[];
}

/** A role or task the call needs (403), and an order or location outside the caller's scope (404). */
const roleAndScope = ['FORBIDDEN', 'NOT_FOUND'] as const;

/**
 * The calls' own error codes and security, keyed by the call as the spec names it (section 7):
 * `METHOD Path` under /api, path parameters in braces. A call not listed needs a token and
 * answers the central errors only. The OpenAPI test fails on a key that names no route.
 */
export const callDocs: Record<string, CallDoc> = {
  // Sign-in and the session (spec sections 6 and 7).
  'POST Login': { security: 'none', errors: ['LOGIN_FAILED', 'LOGIN_LOCKED', 'DOWNTIME'] },
  // The sister portal's hand-over (docs/domain.md, "Hand-over from a sister portal").
  'POST LoginHandover': { security: 'none', errors: ['UNAUTHORIZED'] },
  'POST Agreement': { errors: ['AGREEMENT_NOT_ALLOWED'] },
  'GET Status': { security: 'optional' },
  'POST status': { errors: ['SWITCH_NOT_ALLOWED'] },
  'GET location': { errors: ['NOT_FOUND'] },
  // My profile and passwords (modules/accounts; docs/accounts.md): own account, or one the admin administers.
  'GET user': { errors: roleAndScope },
  'POST user': { errors: roleAndScope },
  'POST userPassword': { errors: roleAndScope },
  'POST UserPasswordLink': { errors: roleAndScope },
  'POST PasswordResetRequest': { security: 'none' },
  'POST PasswordLink': { security: 'none' },
  'POST PasswordReset': { security: 'none' },
  // Messages of type login are public (the login page); the others need a token.
  'GET Messages': { security: 'optional', errors: ['UNAUTHORIZED', 'FORBIDDEN'] },
  // Messages and Global > Publishing (docs/messages.md).
  'GET Messages/{id}': { errors: ['NOT_FOUND', 'FORBIDDEN'] },
  'POST Messages': { errors: ['FORBIDDEN', 'NOT_FOUND'] },
  // Lookups.
  'GET Locations': { errors: ['FORBIDDEN'] },
  'GET Users': { errors: ['FORBIDDEN'] },
  'GET Days': { errors: ['NOT_FOUND'] },
  'GET AvailableProducts': { errors: ['NOT_FOUND'] },
  'POST MessageRead': { errors: ['NOT_FOUND'] },
  // Orders (the menu area of the order's kind gates every call: 403 FORBIDDEN, "Menu rules on the server").
  'GET Orders': { errors: ['FORBIDDEN'] },
  'GET ExternalOrders': { errors: ['FORBIDDEN'] },
  'GET Orders/{id}': { errors: [...roleAndScope] },
  'POST Orders': { errors: ['INVALID_LOCATION', 'NO_PRODUCTS', 'QUANTITY_STEP', 'CLOSED_DAY', ...roleAndScope, 'ORDER_STATUS'] },
  'DELETE Orders/{id}': { errors: [...roleAndScope, 'ORDER_STATUS'] },
  'POST OrderCustoms': { errors: [...roleAndScope, 'CONFLICT', 'CUSTOMS_STATUS'] },
  'POST OrderStatus': { errors: ['QUANTITY_STEP', 'CLOSED_DAY', ...roleAndScope, ['ORDER_STATUS', 403], 'CONFLICT', 'ORDER_STATUS'] },
  'POST OrderArrival': { errors: [...roleAndScope, 'CONFLICT', 'ORDER_STATUS'] },
  'GET OrderFill': { errors: [...roleAndScope] },
  'GET Waybill': { errors: [...roleAndScope, 'WAYBILL'] },
  'POST OrdersImport': {
    errors: ['IMPORT_FILE_TYPE', 'IMPORT_TOO_MANY_ROWS', 'IMPORT_NO_VALID_ROWS', ...roleAndScope, 'FILE_TOO_LARGE'],
  },
  'GET OrdersImportTemplate': { errors: roleAndScope },
  'GET stockDetails': { errors: [...roleAndScope] },
  // Reports (the Reports area, except Shop accounting; filters outside the scope 404).
  'GET Reports/{report}': { errors: [...roleAndScope, 'REPORT_TOO_LARGE'] },
  // Scheduled orders.
  'GET ScheduledOrders': { errors: [...roleAndScope] },
  'GET ScheduledOrders/{id}': { errors: [...roleAndScope] },
  'POST ScheduledOrders': { errors: ['INVALID_LOCATION', 'NO_PRODUCTS', 'QUANTITY_STEP', ...roleAndScope] },
  'DELETE ScheduledOrders/{id}': { errors: roleAndScope },
  'GET ScheduleOrderFill': { errors: [...roleAndScope] },
  // Comments, attachments, signatures: only the order's parties.
  'GET OrderComments': { errors: [...roleAndScope] },
  'POST OrderComments': { errors: [...roleAndScope] },
  'POST OrderAttachments': { errors: ['FILE_TYPE', 'NOT_FOUND', 'FILE_TOO_LARGE'] },
  'GET OrderAttachments': { errors: [...roleAndScope] },
  'GET OrderAttachments/{id}': { errors: [...roleAndScope] },
  'DELETE OrderAttachments/{id}': { errors: roleAndScope },
  'POST OrderSignature': { errors: ['SIGNATURE_FAILED', 'NOT_FOUND'] },
  // Company.
  'GET EmailArchive': { errors: ['FORBIDDEN'] },
  'GET EmailArchive/{id}': { errors: [...roleAndScope] },
  'GET EmailArchiveFilters': { errors: ['FORBIDDEN'] },
  'GET ExternalLocations': { errors: ['FORBIDDEN'] },
  'POST ExternalLocations': { errors: [...roleAndScope, 'LOCATION_NUMBER_EXISTS'] },
  'DELETE ExternalLocations/{id}': { errors: [...roleAndScope] },
  // Addresses and Company > Locations (docs/company-locations.md).
  'GET AddressCountryRegions': { security: 'optional' },
  'GET AddressZipCode': { security: 'optional' },
  'GET CompanyLocations': { errors: ['FORBIDDEN'] },
  'GET CompanyLocations/{id}': { errors: roleAndScope },
  'POST Locations': { errors: [...roleAndScope, 'LOCATION_NUMBER_EXISTS'] },
  'DELETE Locations/{id}': { errors: roleAndScope },
  'POST Addresses': { errors: roleAndScope },
  'DELETE Addresses/{id}': { errors: roleAndScope },
  // Invoices (finance-report permission or provider staff; another customer's invoice answers 404).
  'GET Invoices': { errors: [...roleAndScope] },
  'GET Invoices/{id}': { errors: [...roleAndScope] },
  'GET Invoices/{id}/document': { errors: [...roleAndScope] },
  'GET InvoiceCustomers': { errors: ['FORBIDDEN'] },
  // Count audits: customer admins and provider staff (403), their locations (404); decided once by the provider.
  'GET CountAudits': { errors: [...roleAndScope] },
  'GET CountAudits/{id}': { errors: [...roleAndScope] },
  'POST CountAudits': { errors: [...roleAndScope] },
  'POST CountAuditConfirm': { errors: ['NOT_FOUND', ['COUNT_AUDIT', 403], 'COUNT_AUDIT'] },
  'GET CountAuditLocations': { errors: ['FORBIDDEN'] },
  // My company: customer admins of the acting customer and global admins (403); another customer's user 404.
  'GET Company': { errors: ['FORBIDDEN'] },
  'POST Company': { errors: ['FORBIDDEN'] },
  'GET CompanyLogo': { errors: ['NOT_FOUND'] },
  'POST CompanyLogo': { errors: ['FORBIDDEN', 'FILE_TYPE', 'FILE_TOO_LARGE'] },
  'DELETE CompanyLogo': { errors: ['FORBIDDEN'] },
  'GET CompanyUsers': { errors: ['FORBIDDEN'] },
  'GET CompanyUserOptions': { errors: ['FORBIDDEN'] },
  'POST Users': { errors: [...roleAndScope] },
  // New customer requests (docs/registration.md): sent by anyone (a token is not needed, nor read); handled by global admins.
  'POST NewCustomerRequests': { security: 'none' },
  // Pallet receipts (docs/pallet-receipts.md): the dock's tasks (403), scope (404), once only (409); the QR link's two calls are public.
  'GET PalletReceipts': { errors: ['FORBIDDEN'] },
  'GET PalletReceipts/{id}': { errors: roleAndScope },
  'GET PalletReceipts/{id}/document': { errors: roleAndScope },
  'POST PalletReceipts': { errors: roleAndScope },
  'POST PalletReceiptSignature': { errors: [...roleAndScope, 'CONFLICT'] },
  'POST PalletReceiptDecision': { errors: [...roleAndScope, 'CONFLICT'] },
  'GET PalletReceiptCounterparties': { errors: roleAndScope },
  'GET PalletReceiptPublic': { security: 'none', errors: ['NOT_FOUND'] },
  'POST PalletReceiptAnswer': { security: 'none', errors: ['NOT_FOUND', 'CONFLICT'] },
  // Disputes of booked movements (issue 22; docs/disputes.md).
  'GET Disputes': { errors: ['FORBIDDEN'] },
  'GET Disputes/{id}': { errors: roleAndScope },
  'POST Disputes': { errors: [...roleAndScope, 'DISPUTE'] },
  'GET DisputeMovement': { errors: [...roleAndScope, 'DISPUTE'] },
  'POST DisputeAnswer': { errors: [...roleAndScope, 'DISPUTE'] },
  'POST DisputeDecision': { errors: [...roleAndScope, 'DISPUTE'] },
  'POST DisputeWithdrawal': { errors: [...roleAndScope, 'DISPUTE'] },
  'POST DisputeEvidence': { errors: [...roleAndScope, 'DISPUTE', 'FILE_TYPE', 'FILE_TOO_LARGE'] },
  'GET DisputeEvidence/{id}': { errors: roleAndScope },
  'POST DisputeWindowExtension': { errors: [...roleAndScope, 'DISPUTE'] },
  'GET DisputeSettings': { errors: ['FORBIDDEN'] },
  'POST DisputeSettings': { errors: ['FORBIDDEN'] },
  'GET NewCustomerRequests': { errors: ['FORBIDDEN'] },
  'GET NewCustomerRequests/{id}': { errors: [...roleAndScope] },
  'POST NewCustomerRequestConversion': { errors: [...roleAndScope, 'CONFLICT'] },
  'POST NewCustomerRequestStatus': { errors: [...roleAndScope, 'CONFLICT'] },
  // API keys (docs/api.md): the signed-in user's own; making one needs a sign-in of one's own (403); another user's key 404.
  'GET ApiKeys': {},
  'POST ApiKeys': { errors: ['FORBIDDEN'] },
  'DELETE ApiKeys/{id}': { errors: ['NOT_FOUND'] },
  // Controls (docs/api.md): provider staff only.
  'GET Controls': { errors: ['FORBIDDEN'] },
  // Global (docs/global.md): global admins only (403); GET Badges answers zeros to customers.
  'GET Log': { errors: ['FORBIDDEN'] },
  'GET Log/{id}': { errors: [...roleAndScope] },
  'GET Downtimes': { errors: ['FORBIDDEN'] },
  'POST Downtimes': { errors: ['FORBIDDEN'] },
  'POST DowntimeCancel': { errors: [...roleAndScope, 'CONFLICT'] },
  'GET Badges': {},
  // Global > Caching (docs/caching.md): global admins only.
  'GET Caches': { errors: ['FORBIDDEN'] },
  'POST CacheEmpty': { errors: ['FORBIDDEN'] },
  // Container orders (docs/container-orders.md): the Container menu area (403), an order or location outside the scope 404.
  'GET ContainerOrders': { errors: [...roleAndScope] },
  'GET ContainerOrders/{id}': { errors: [...roleAndScope] },
  'POST ContainerOrders': { errors: [...roleAndScope, 'CLOSED_DAY', 'CONFLICT'] },
  'POST ContainerOrderStatus': { errors: [...roleAndScope, 'CONFLICT'] },
  'GET ContainerOrderOptions': { errors: ['FORBIDDEN'] },
  // Support cases (docs/support.md): a case outside the caller's cases answers 404; staff-only fields and templates 403.
  'GET SupportTickets': {},
  'GET SupportTickets/{id}': { errors: ['NOT_FOUND'] },
  'POST SupportTickets': { errors: [...roleAndScope, 'CONFLICT'] },
  'POST SupportTicketComments': { errors: [...roleAndScope, 'CONFLICT'] },
  'POST SupportTicketAttachments': { errors: ['FILE_TYPE', 'NOT_FOUND', 'FILE_TOO_LARGE'] },
  'GET SupportTicketAttachments/{id}': { errors: ['NOT_FOUND'] },
  'GET SupportTicketCount': {},
  'GET SupportTemplates': { errors: ['FORBIDDEN'] },
  'POST SupportTemplates': { errors: roleAndScope },
  // Containers and rentals (docs/containers.md): the Container area (403); a rental or location outside the scope 404.
  'GET Containers': { errors: [...roleAndScope] },
  'GET Containers/{id}': { errors: [...roleAndScope] },
  'GET ContainerProducts': { errors: ['FORBIDDEN'] },
  'GET Rentals': { errors: [...roleAndScope] },
  'GET Rentals/{id}': { errors: [...roleAndScope] },
  'GET Rentals/{id}/photo': { errors: [...roleAndScope] },
  'POST Rentals': { errors: [...roleAndScope] },
  'POST RentalStatus': { errors: [...roleAndScope, 'CONFLICT'] },
};

/** The tags of the document, each with its description (every route names one of them). */
export const tags = [
  { name: 'auth', description: 'Sign-in (POST Login answers the bearer token every other call sends) and sign-out' },
  { name: 'accounts', description: 'My profile, changing and resetting passwords, and emailed password links' },
  { name: 'session', description: 'The session: its status, switching customer, location or user, language, GDPR and agreement' },
  { name: 'lookups', description: 'Customers, locations, users, open days, products, truck types and GLN checks for pickers and dialogs' },
  { name: 'messages', description: 'Published messages: articles, guides, reports, system notices, and the login page’s messages' },
  { name: 'caching', description: 'Global > Caching: the caches of the server processes, their size and age, and emptying them' },
  { name: 'alerts', description: 'The bell: alerts of the acting user and location, and their read state' },
  {
    name: 'orders',
    description:
      'Purchases, sales and deliveries: the grid, one order, create and update, status steps, arrival, bulk send, customs, truck fill, the waybill PDF and the Excel import',
  },
  { name: 'balance', description: 'Balances of a location per product and kind, and the carriers in transit' },
  {
    name: 'statements',
    description: 'A location’s statement for a period (opening, movements, closing, in transit) as JSON, PDF and Excel',
  },
  {
    name: 'reconciliation',
    description:
      'The acting customer’s own records (.xlsx or .csv) matched against the ledger: the file’s columns to map, saved reconciliations with their rows, match rate and workbook',
  },
  {
    name: 'integrations',
    description:
      'Events for other systems: the feed of what happened (orders created and their status steps) read with a cursor, and webhook endpoints with their delivery logs',
  },
  { name: 'home', description: 'Start-page widgets' },
  { name: 'scheduled orders', description: 'Recurring orders: every n weeks on chosen weekdays, each occurrence one order' },
  { name: 'order comments', description: 'Comments on an order, read and written by its parties' },
  { name: 'attachments', description: 'Files (PDF, JPG, PNG, GIF) and drawn signatures on an order' },
  { name: 'mail', description: 'The archive of emails the portal sent' },
  {
    name: 'company',
    description:
      'My company: the acting customer’s information, logo and users, and its own external locations (receivers outside the portal)',
  },
  {
    name: 'locations',
    description: 'Countries and the postal code lookup (open), and the acting customer’s locations with their delivery addresses',
  },
  {
    name: 'invoices',
    description: 'Monthly invoices (pooling fees, commission) with their lines and PDF; finance-report permission or provider staff',
  },
  {
    name: 'containers',
    description:
      'Containers (individual assets with a serial number or GRAI) and rentals: registered by a location, opened by the provider assigning containers, returned with a check, closed',
  },
  {
    name: 'count audits',
    description: 'Company > Counting: a location’s counts of its carriers, compared with the ledger, confirmed or rejected by the provider',
  },
  {
    name: 'pallet receipts',
    description:
      'Pallet receipts: the handover of carriers at a dock without an order, signed on the device, confirmed by the counterparty’s QR link, posted once',
  },
  {
    name: 'disputes',
    description:
      'Disputes of a booked movement (a received order, a final pallet receipt, a rental, a single ledger entry), with evidence: opened within the pool’s window, answered by the other party by its deadline (silence accepts), decided by the provider after a rejection; the outcome posts a correction once',
  },
  {
    name: 'container orders',
    description:
      'Container > Orders: a location orders containers; provider staff confirm and deliver the order, which registers its rental',
  },
  {
    name: 'reports',
    description:
      'Reports of the caller’s scope (transactions, pooling, commission, locations, purchases, users, shop accounting) as JSON or Excel',
  },
  {
    name: 'support',
    description: 'Support cases: opened and followed by customers, taken and answered by provider staff, with answer templates',
  },
  {
    name: 'registration',
    description:
      'New customer requests: sent from the public new-customer page, listed, rejected or turned into a customer by global admins',
  },
  {
    name: 'api',
    description:
      'Personal API keys: a key (`ppk_...`) sent as the bearer token acts as its user, with the user’s scope and tasks (docs/api.md)',
  },
  { name: 'controls', description: 'The portal’s health for provider staff: version, database, jobs, mail queue' },
  {
    name: 'global',
    description:
      'Global admin: the application log, downtime windows (during one every call but a global admin’s answers 503 DOWNTIME), and the badge counts of provider staff',
  },
];
