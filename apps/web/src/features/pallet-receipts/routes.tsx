/**
 * Routes of pallet receipts (spec section 2: /pallet-receipts/{id?}, /pallet-receipts/log and the
 * same under /pallet-receipts-inv; issue 11): under /app the new receipt (or count), the log and
 * one receipt of each variant, which the menu guard opens for `canUsePalletReceipts`; and the
 * public page of a receipt's QR link (`/receipt/:token`, no sign-in) under the public layout.
 * Each screen is its own lazy chunk; its texts (namespaces `palletReceipts` with `signaturePad`,
 * `palletReceiptPublic`) load beside it. A static path (log) wins over :id.
 */
import type { RouteObject } from 'react-router';
import { prefetchTexts } from '../../i18n';
import { loadChunk } from '../../lib/chunk-load';

const loader = () => {
  prefetchTexts(['palletReceipts', 'signaturePad']);
  return null;
};

const newPage = () => loadChunk(() => import('./components/NewReceiptPage')).then((m) => ({ Component: m.NewReceiptPage }));
const logPage = () => loadChunk(() => import('./components/ReceiptLogPage')).then((m) => ({ Component: m.ReceiptLogPage }));
const detailPage = () => loadChunk(() => import('./components/ReceiptDetailPage')).then((m) => ({ Component: m.ReceiptDetailPage }));

const variantRoutes = (base: string, kind: 'handover' | 'inventory'): RouteObject[] => [
  { path: base, handle: { title: `palletReceipts:${kind}.title` }, loader, lazy: newPage },
  { path: `${base}/log`, handle: { title: `palletReceipts:${kind}.logTitle` }, loader, lazy: logPage },
  { path: `${base}/:id`, handle: { title: `palletReceipts:${kind}.detailTitle` }, loader, lazy: detailPage },
];

/** The /app routes of both variants. */
export const palletReceiptsRoutes: RouteObject[] = [
  ...variantRoutes('pallet-receipts', 'handover'),
  ...variantRoutes('pallet-receipts-inv', 'inventory'),
];

/** The QR link's public page, a child of the public layout. */
export const palletReceiptPublicRoutes: RouteObject[] = [
  {
    path: 'receipt/:token',
    handle: { title: 'palletReceiptPublic:pageTitle' },
    loader: () => {
      prefetchTexts(['palletReceiptPublic']);
      return null;
    },
    lazy: () => loadChunk(() => import('./components/PublicReceiptPage')).then((m) => ({ Component: m.PublicReceiptPage })),
  },
];
