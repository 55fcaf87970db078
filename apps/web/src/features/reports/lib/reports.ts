/**
 * The report pages (spec section 2: reports/commisions, locations, purchases, transactions,
 * pooling, users; Menu > Shop accounting: shop and retailers / wholesale transactions): the
 * report each page shows (GET Reports/{report}), its route under /app and the filters that fit
 * it. The invoices pages (reports/invoices/{type}) are linked from the index only.
 */
import type { ReportName } from '@portal/domain';

/** A filter a report page offers; `balancesAt` is one day (the report's `to`) instead of a period. */
export type ReportFilterKey = 'period' | 'balancesAt' | 'customer' | 'location' | 'product' | 'orderKind';

export interface ReportPage {
  report: ReportName;
  /** The route under /app (the spec's spelling: reports/commisions). */
  path: string;
  filters: readonly ReportFilterKey[];
  /** Shop accounting (every signed-in user) or the Reports area. */
  shop: boolean;
  /**
   * The columns that matter most (issue 20): the texts that name a row and the figures it is
   * read for. When the grid is wider than the window they are pinned to its edges (texts left,
   * figures right; lib/grid-layout.ts). Money columns a user may not see are simply absent.
   */
  keyColumns: readonly string[];
}

export const reportPages: readonly ReportPage[] = [
  {
    report: 'transactions',
    path: 'reports/transactions',
    filters: ['period', 'customer', 'location', 'product', 'orderKind'],
    shop: false,
    keyColumns: ['productName', 'quantityIn', 'quantityOut', 'balance'],
  },
  {
    report: 'pooling',
    path: 'reports/pooling',
    filters: ['period', 'customer', 'location', 'product'],
    shop: false,
    keyColumns: ['locationName', 'productName', 'quantityIn', 'quantityOut', 'closingBalance', 'fee'],
  },
  {
    report: 'commissions',
    path: 'reports/commisions',
    filters: ['period', 'customer', 'location', 'product'],
    shop: false,
    keyColumns: ['locationName', 'productName', 'balance', 'amountExclVat'],
  },
  {
    report: 'locations',
    path: 'reports/locations',
    filters: ['balancesAt', 'customer', 'location', 'product'],
    shop: false,
    keyColumns: ['locationName', 'poolingBalance', 'commissionBalance'],
  },
  {
    report: 'purchases',
    path: 'reports/purchases',
    filters: ['period', 'customer', 'location', 'product'],
    shop: false,
    keyColumns: ['productName', 'quantityOrdered', 'quantityDelivered', 'amountInclVat'],
  },
  { report: 'users', path: 'reports/users', filters: ['customer', 'location'], shop: false, keyColumns: ['userName'] },
  {
    report: 'shop-transactions',
    path: 'reports/shop-transactions',
    filters: ['period', 'location', 'product', 'orderKind'],
    shop: true,
    keyColumns: ['locationName', 'productName', 'quantityIn', 'quantityOut', 'net', 'netValue'],
  },
  {
    report: 'retail-transactions',
    path: 'reports/retail-transactions',
    filters: ['period', 'customer', 'location', 'product', 'orderKind'],
    shop: true,
    keyColumns: ['retailerName', 'productName', 'quantityDelivered', 'quantityReturned', 'net', 'netValue'],
  },
];

/** The invoices pages the index links to for users who may see money (built elsewhere). */
export const invoicePages = [
  { key: 'invoicesPooling', path: 'reports/invoices/pooling' },
  { key: 'invoicesCommission', path: 'reports/invoices/commission' },
] as const;

/** Reports whose description speaks of amounts, with a description without them (`descriptionsWithoutAmounts`). */
const amountReports: readonly string[] = ['pooling', 'commissions', 'purchases'];

/**
 * The i18n key (reports namespace) of what a report shows, for a user who may see money or not:
 * without the finance-report permission the description promises no amounts the report will not
 * show (issue 20).
 */
export function descriptionKey(report: ReportName, money: boolean): string {
  return !money && amountReports.includes(report) ? `descriptionsWithoutAmounts.${report}` : `descriptions.${report}`;
}

/** The page of a report. */
export function reportPage(report: ReportName): ReportPage {
  return reportPages.find((p) => p.report === report) as ReportPage;
}
