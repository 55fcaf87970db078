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
}

export const reportPages: readonly ReportPage[] = [
  {
    report: 'transactions',
    path: 'reports/transactions',
    filters: ['period', 'customer', 'location', 'product', 'orderKind'],
    shop: false,
  },
  { report: 'pooling', path: 'reports/pooling', filters: ['period', 'customer', 'location', 'product'], shop: false },
  { report: 'commissions', path: 'reports/commisions', filters: ['period', 'customer', 'location', 'product'], shop: false },
  { report: 'locations', path: 'reports/locations', filters: ['balancesAt', 'customer', 'location', 'product'], shop: false },
  { report: 'purchases', path: 'reports/purchases', filters: ['period', 'customer', 'location', 'product'], shop: false },
  { report: 'users', path: 'reports/users', filters: ['customer', 'location'], shop: false },
  { report: 'shop-transactions', path: 'reports/shop-transactions', filters: ['period', 'location', 'product', 'orderKind'], shop: true },
  {
    report: 'retail-transactions',
    path: 'reports/retail-transactions',
    filters: ['period', 'customer', 'location', 'product', 'orderKind'],
    shop: true,
  },
];

/** The invoices pages the index links to for users who may see money (built elsewhere). */
export const invoicePages = [
  { key: 'invoicesPooling', path: 'reports/invoices/pooling' },
  { key: 'invoicesCommission', path: 'reports/invoices/commission' },
] as const;

/** The page of a report. */
export function reportPage(report: ReportName): ReportPage {
  return reportPages.find((p) => p.report === report) as ReportPage;
}
