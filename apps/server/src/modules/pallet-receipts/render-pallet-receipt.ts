/**
 * The printed pallet receipt (issue 11; docs/pallet-receipts.md, "The PDF"): an A4 PDF on the
 * documents' shared frame (documents/sheet.ts, as the waybill) in the reader's language: the
 * number with a QR code, status and dates, the two parties, haulier and car number, the carriers
 * per product (delivered, returned, net; counted for an inventory receipt), comment and
 * objection, and the two signature boxes with the drawings, names and times. Texts from
 * `palletReceipts.pdf.*` of the messages catalogue.
 *
 * The QR code: the database keeps only the SHA-256 of the QR link's token, so a saved receipt's
 * PDF cannot carry the link; it encodes what the caller gives (`qr`): the portal's page of the
 * receipt (`<PUBLIC_URL>/app/pallet-receipts/<id>`) on GET PalletReceipts/{id}/document.
 */
import type { Locale } from '@portal/domain';
import { translator } from '../../i18n.js';
import {
  BOLD,
  type Column,
  DocumentSheet,
  GAP,
  INK,
  MARGIN,
  MUTED,
  openDocument,
  type PartyLine,
  printedAt,
  REGULAR,
  RULE,
  timeZoneOf,
  WIDTH,
} from '../documents/sheet.js';
import type { LoadedReceipt } from './get-pallet-receipt.js';

type T = ReturnType<typeof translator>;

/** What the PDF needs beyond the receipt: the language, the provider's name and the QR code's text. */
export interface ReceiptDocumentOptions {
  locale: Locale;
  issuerName: string | null;
  qr: string;
}

/**
 * Renders `receipt` as a PDF (see the file comment).
 * @returns the PDF's bytes (A4 portrait; one page for a usual receipt)
 */
export async function renderPalletReceipt(receipt: LoadedReceipt, options: ReceiptDocumentOptions): Promise<Buffer> {
  const { locale } = options;
  const t = translator(locale);
  const title = t(receipt.inventory ? 'palletReceipts.pdf.inventoryTitle' : 'palletReceipts.pdf.title');
  const { doc, done } = await openDocument({
    locale,
    title: `${title} ${receipt.receiptNumber}`,
    subject: `${t('palletReceipts.pdf.number')} ${receipt.receiptNumber}`,
    author: options.issuerName ?? '',
  });
  const timeZone = timeZoneOf(receipt.locationCountryId);
  const sheet = new ReceiptSheet(doc, locale);
  sheet.header({
    title,
    issuer: options.issuerName,
    boxLabel: t('palletReceipts.pdf.number'),
    boxValue: receipt.receiptNumber,
    boxValueSize: 15,
    qr: options.qr,
    continued: `${title} · ${receipt.receiptNumber}`,
  });
  sheet.grid([
    [
      [t('palletReceipts.pdf.status'), t(`palletReceipts.status.${receipt.status}`)],
      [t('palletReceipts.pdf.handedOverAt'), printedAt(locale, timeZone, new Date(receipt.handedOverAt))],
      [t('palletReceipts.pdf.dueDate'), sheet.date(receipt.dueDate)],
      [t('palletReceipts.pdf.finalReason'), receipt.finalReason ? t(`palletReceipts.finalReason.${receipt.finalReason}`) : ''],
    ],
  ]);
  const locationLines: PartyLine[] = [
    { text: receipt.location.name, style: 'strong' },
    ...(receipt.location.number
      ? [{ text: `${t('palletReceipts.pdf.locationNumber')} ${receipt.location.number}`, style: 'small' as const }]
      : []),
  ];
  if (receipt.counterparty) {
    const counterpartyLines: PartyLine[] = [
      { text: receipt.counterparty.name, style: 'strong' },
      ...(receipt.counterparty.number
        ? [{ text: `${t('palletReceipts.pdf.locationNumber')} ${receipt.counterparty.number}`, style: 'small' as const }]
        : []),
      ...(receipt.counterparty.kind === 'external' ? [{ text: t('palletReceipts.pdf.external'), style: 'small' as const }] : []),
    ];
    sheet.parties([t('palletReceipts.pdf.from'), counterpartyLines], [t('palletReceipts.pdf.to'), locationLines]);
    sheet.section(t('palletReceipts.pdf.transport'));
    sheet.grid([
      [
        [t('palletReceipts.pdf.haulier'), receipt.haulier],
        [t('palletReceipts.pdf.carNumber'), receipt.carNumber],
      ],
    ]);
  } else {
    sheet.parties([t('palletReceipts.pdf.location'), locationLines]);
  }
  sheet.lines(receipt, t);
  const notes: [string, string][] = [];
  if (receipt.comment?.trim()) notes.push([t('palletReceipts.pdf.comment'), receipt.comment]);
  if (receipt.objection?.trim()) notes.push([t('palletReceipts.pdf.objection'), receipt.objection]);
  if (notes.length) {
    sheet.section(t('palletReceipts.pdf.remarks'));
    sheet.notes(notes);
  }
  sheet.signatures(receipt, t, timeZone);
  const left = [
    t('palletReceipts.pdf.printed', { date: printedAt(locale, timeZone) }),
    options.issuerName,
    `${title} ${receipt.receiptNumber}`,
  ]
    .filter(Boolean)
    .join('  ·  ');
  sheet.footers(left, (page, pages) => t('palletReceipts.pdf.page', { page, pages }));
  doc.end();
  return done;
}

/** The receipt's own blocks on the shared frame: the carriers and the signatures. */
class ReceiptSheet extends DocumentSheet {
  /** The carriers per product: delivered, returned and net (counted for an inventory receipt), then the totals. */
  lines(receipt: LoadedReceipt, t: T) {
    if (receipt.inventory) {
      const columns: Column[] = [
        { label: t('palletReceipts.pdf.product'), width: 0, align: 'left' },
        { label: t('palletReceipts.pdf.counted'), width: 90, align: 'right' },
      ];
      const counted = receipt.lines.reduce((sum, l) => sum + (l.counted ?? 0), 0);
      this.table(
        t('palletReceipts.pdf.carriers'),
        columns,
        receipt.lines.map((l) => [l.productName, this.number(l.counted ?? 0)]),
        [t('palletReceipts.pdf.total'), this.number(counted)],
      );
      return;
    }
    const columns: Column[] = [
      { label: t('palletReceipts.pdf.product'), width: 0, align: 'left' },
      { label: t('palletReceipts.pdf.delivered'), width: 80, align: 'right' },
      { label: t('palletReceipts.pdf.returned'), width: 80, align: 'right' },
      { label: t('palletReceipts.pdf.net'), width: 70, align: 'right' },
    ];
    const sum = (pick: (l: LoadedReceipt['lines'][number]) => number) => receipt.lines.reduce((total, l) => total + pick(l), 0);
    this.table(
      t('palletReceipts.pdf.carriers'),
      columns,
      receipt.lines.map((l) => [l.productName, this.number(l.delivered), this.number(l.returned), this.number(l.delivered - l.returned)]),
      [
        t('palletReceipts.pdf.total'),
        this.number(sum((l) => l.delivered)),
        this.number(sum((l) => l.returned)),
        this.number(sum((l) => l.delivered - l.returned)),
      ],
    );
  }

  /** Two boxes, the counterparty's (driver's) and the location's: the drawing, the signer's name and when. */
  signatures(receipt: LoadedReceipt, t: T, timeZone: string) {
    const height = 110;
    this.section(t('palletReceipts.pdf.signatures'));
    this.room(height);
    const boxes: [string, LoadedReceipt['signatures'][number] | undefined][] = [
      [t('palletReceipts.pdf.signFrom'), receipt.signatures.find((s) => s.party === 'from')],
      [t('palletReceipts.pdf.signTo'), receipt.signatures.find((s) => s.party === 'to')],
    ];
    const width = WIDTH / boxes.length;
    boxes.forEach(([title, signature], i) => {
      const x = MARGIN + i * width;
      const inner = width - 16;
      this.doc.lineWidth(0.5).strokeColor(RULE).rect(x, this.y, width, height).stroke();
      this.line(title, x + 8, this.y + 7, inner, BOLD, 9);
      if (signature) {
        try {
          const png = Buffer.from(signature.image.slice(signature.image.indexOf(',') + 1), 'base64');
          this.doc.image(png, x + 8, this.y + 20, { fit: [inner, 44], align: 'center', valign: 'center' });
        } catch {
          // A stored PNG pdfkit cannot read leaves the box empty; the receipt still prints.
        }
        this.line(signature.name, x + 8, this.y + 72, inner, REGULAR, 9.5, INK);
        this.line(printedAt(this.locale, timeZone, new Date(signature.signedAt)), x + 8, this.y + 86, inner, REGULAR, 8, MUTED);
      } else {
        this.line(t('palletReceipts.pdf.notSigned'), x + 8, this.y + 72, inner, REGULAR, 8, MUTED);
      }
    });
    this.y += height + GAP;
  }
}
