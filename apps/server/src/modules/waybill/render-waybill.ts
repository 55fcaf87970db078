/**
 * The printed waybill: an A4 PDF (pdfkit, architecture.md "documents") in the waybill's
 * language, laid out as a Nordic consignment note: title, order number and its QR code; order
 * type, status and dates; sender and receiver; transport (haulier, transporter, car number,
 * trailer, car type, seal); references; customs; instructions; the load carriers with ordered
 * and picked quantities and their total; a remarks box for deviations noted on loading or
 * receipt; and, at the foot of the page, handover boxes for sender, driver and receiver with
 * place and date lines, holding the signature drawn in the portal where there is one. A field
 * without a value stays an empty box, to be filled in by hand. Dates and numbers are
 * formatted with Intl for the locale; texts come from `waybill.*` of the messages catalogue.
 * Long orders continue on further pages with the table's header repeated.
 */
import type { Locale } from '@portal/domain';
import { translator } from '../../i18n.js';
import {
  BOLD,
  BOTTOM,
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
  WIDTH,
} from '../documents/sheet.js';
import type { Waybill, WaybillAddress, WaybillParty, WaybillSignature } from './waybill.js';

/** Height of the handover block: title bar, note and the signature boxes. */
const HANDOVER_HEIGHT = 14 + 17 + 132;

/**
 * Renders `waybill` as a PDF.
 * @returns the PDF's bytes (A4 portrait, one page for a usual order)
 */
export async function renderWaybill(waybill: Waybill): Promise<Buffer> {
  const t = translator(waybill.locale);
  const title = t('waybill.title');
  const { doc, done } = await openDocument({
    locale: waybill.locale,
    title: `${title} ${waybill.orderId}`,
    subject: `${t('waybill.orderNumber')} ${waybill.orderId}`,
    author: waybill.issuerName ?? '',
  });

  const sheet = new WaybillSheet(doc, waybill.locale);
  sheet.header({
    title,
    issuer: waybill.issuerName,
    boxLabel: t('waybill.orderNumber'),
    boxValue: String(waybill.orderId),
    qr: String(waybill.orderId),
    logo: waybill.senderLogo,
    continued: `${title} · ${t('waybill.orderNumber')} ${waybill.orderId}`,
  });
  sheet.grid([
    [
      [t('waybill.orderType'), t(`waybill.type.${waybill.transactionTypeId}`)],
      [t('waybill.status'), t(`status.${waybill.transactionStatusId}`)],
      [t('waybill.datePickup'), sheet.date(waybill.dates.pickup)],
      [t('waybill.dateSend'), sheet.date(waybill.dates.send)],
      [t('waybill.dateDelivery'), sheet.date(waybill.dates.delivery)],
    ],
  ]);
  sheet.parties(
    [t('waybill.sender'), partyLines(waybill.sender, t)],
    [
      t('waybill.receiver'),
      [
        ...(waybill.receiver ? partyLines(waybill.receiver, t) : []),
        ...(waybill.deliveryAddress
          ? [{ text: t('waybill.deliveryAddress'), style: 'label' as const }, ...addressLines(waybill.deliveryAddress)]
          : []),
      ],
    ],
  );
  sheet.section(t('waybill.transport'));
  sheet.grid([
    [
      [t('waybill.cartman'), waybill.transport.cartman],
      [t('waybill.transporter'), waybill.transport.transporter],
      [t('waybill.carType'), waybill.transport.carType],
    ],
    [
      [t('waybill.carNumber'), waybill.transport.carNumber],
      [t('waybill.trailer'), waybill.transport.trailer],
      [t('waybill.sealing'), waybill.transport.sealing],
    ],
  ]);
  sheet.section(t('waybill.references'));
  sheet.grid([
    [
      [t('waybill.referenceOwn'), waybill.references.own],
      [t('waybill.referenceSender'), waybill.references.sender],
      [t('waybill.referenceReceiver'), waybill.references.receiver],
      [t('waybill.referenceTransport'), waybill.references.transport],
    ],
  ]);
  if (waybill.customs) {
    sheet.section(t('waybill.customs'));
    sheet.grid([
      [
        [t('waybill.customsHandler'), t(`waybill.customsHandlers.${waybill.customs.handler}`, { defaultValue: waybill.customs.handler })],
        [t('waybill.customsStatus'), upperFirst(t(`customs.status.${waybill.customs.status || 'empty'}`), waybill.locale)],
      ],
    ]);
  }
  const notes = instructionNotes(waybill, t);
  if (notes.length > 0) {
    sheet.section(t('waybill.instructions'));
    sheet.notes(notes);
  }
  sheet.lines(waybill, t);
  sheet.closing(waybill, t);
  const left = [
    t('waybill.printed', { date: printedAt(waybill.locale, waybill.timeZone) }),
    waybill.issuerName,
    `${title} ${waybill.orderId}`,
  ]
    .filter(Boolean)
    .join('  ·  ');
  sheet.footers(left, (page, pages) => t('waybill.page', { page, pages }));
  doc.end();
  return done;
}

type T = ReturnType<typeof translator>;

/** "under behandling" -> "Under behandling" (the catalogue's customs statuses are written to go inside a sentence). */
const upperFirst = (text: string, locale: Locale) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);

function addressLines(address: WaybillAddress): PartyLine[] {
  return [
    ...(address.name ? [{ text: address.name }] : []),
    { text: address.street },
    { text: `${address.postalCode} ${address.postalName}`.trim() },
    { text: address.countryName },
  ].filter((line) => line.text);
}

function partyLines(party: WaybillParty, t: T): PartyLine[] {
  const ids = [
    party.locationNumber ? `${t('waybill.locationNumber')} ${party.locationNumber}` : '',
    party.gln ? `${t('waybill.gln')} ${party.gln}` : '',
  ].filter(Boolean);
  const contact = [
    party.contactName ? `${t('waybill.contact')}: ${party.contactName}` : '',
    party.phone ? `${t('waybill.phone')}: ${party.phone}` : '',
  ].filter(Boolean);
  return [
    ...(party.customerName && party.customerName !== party.locationName ? [{ text: party.customerName, style: 'strong' as const }] : []),
    { text: party.locationName, style: party.customerName && party.customerName !== party.locationName ? undefined : ('strong' as const) },
    ...(party.address ? addressLines(party.address) : []),
    ...(ids.length ? [{ text: ids.join('  ·  '), style: 'small' as const }] : []),
    ...(contact.length ? [{ text: contact.join('  ·  '), style: 'small' as const }] : []),
  ];
}

/** The instructions that have a text, each with its label. */
function instructionNotes(waybill: Waybill, t: T): [string, string][] {
  const i = waybill.instructions;
  const delivery = [
    i.deliveryHours ? t('waybill.deliveryHours', i.deliveryHours) : '',
    i.hasRamp ? t('waybill.ramp') : '',
    i.needsLift ? t('waybill.lift') : '',
    i.delivery ?? '',
  ].filter((text) => text.trim());
  const notes: [string, string][] = [];
  if (delivery.length) notes.push([t('waybill.deliveryInstructions'), delivery.join('. ')]);
  if (i.transport.length) notes.push([t('waybill.transportInstructions'), i.transport.join('. ')]);
  if (i.information?.trim()) notes.push([t('waybill.information'), i.information]);
  if (i.load?.trim()) notes.push([t('waybill.load'), i.load]);
  return notes;
}

/** The waybill's own blocks on the shared document frame: the load carriers and the handover at the foot. */
class WaybillSheet extends DocumentSheet {
  /** The load carriers: number, product, quality, treatment, ordered and picked; then the totals. */
  lines(waybill: Waybill, t: T) {
    const columns: Column[] = [
      { label: t('waybill.lineNumber'), width: 26, align: 'left' },
      { label: t('waybill.product'), width: 0, align: 'left' },
      { label: t('waybill.quality'), width: 82, align: 'left' },
      { label: t('waybill.treatment'), width: 132, align: 'left' },
      { label: t('waybill.ordered'), width: 58, align: 'right' },
      { label: t('waybill.picked'), width: 66, align: 'right' },
    ];
    const body = waybill.lines.map((line, i) => [
      String(i + 1),
      line.carrierTypeName,
      line.qualityName,
      line.treatmentName,
      this.number(line.quantityOrdered),
      this.number(line.quantityPicked),
    ]);
    const ordered = waybill.lines.reduce((sum, line) => sum + line.quantityOrdered, 0);
    const picked = waybill.lines.reduce((sum, line) => sum + line.quantityPicked, 0);
    this.table(t('waybill.carriers'), columns, body, [
      '',
      t('waybill.total'),
      '',
      '',
      this.number(ordered),
      `${this.number(picked)} ${t('waybill.pieces')}`,
    ]);
  }

  /**
   * The foot of the waybill: an empty box for remarks written on loading or receipt
   * (deviations, damage) in the free space (up to 200 pt), when there is room for a few lines, and the
   * handover boxes at the foot of the page, as on a printed form.
   */
  closing(waybill: Waybill, t: T) {
    this.room(HANDOVER_HEIGHT);
    const free = BOTTOM - HANDOVER_HEIGHT - GAP - this.y - 14;
    if (free >= 36) {
      this.section(t('waybill.remarks'));
      this.doc.lineWidth(0.5).strokeColor(RULE).rect(MARGIN, this.y, WIDTH, Math.min(free, 200)).stroke();
    }
    this.y = BOTTOM - HANDOVER_HEIGHT;
    this.handover(waybill, t);
  }

  /** Handover boxes for sender, driver and receiver: signature (drawn in the portal, if any), place and date, name in block letters. */
  private handover(waybill: Waybill, t: T) {
    const height = 132;
    this.section(t('waybill.signatures'));
    this.line(t('waybill.receivedNote'), MARGIN, this.y + 5, WIDTH, REGULAR, 8, MUTED);
    this.y += 17;
    const boxes: [string, WaybillSignature | null][] = [
      [t('waybill.signSender'), waybill.signatures.sender],
      [t('waybill.signDriver'), null],
      [t('waybill.signReceiver'), waybill.signatures.receiver],
    ];
    const width = WIDTH / boxes.length;
    boxes.forEach(([title, signature], i) => {
      const x = MARGIN + i * width;
      const inner = width - 16;
      this.doc.lineWidth(0.5).strokeColor(RULE).rect(x, this.y, width, height).stroke();
      this.line(title, x + 8, this.y + 7, inner, BOLD, 9);
      if (signature) {
        try {
          this.doc.image(Buffer.from(signature.image), x + 8, this.y + 20, { fit: [inner, 44], align: 'center', valign: 'center' });
        } catch {
          // A stored PNG pdfkit cannot read leaves the box to be signed by hand; the waybill still prints.
        }
      }
      const rule = (y: number, label: string) => {
        this.doc
          .lineWidth(0.6)
          .strokeColor(INK)
          .moveTo(x + 8, y)
          .lineTo(x + width - 8, y)
          .stroke();
        this.line(label, x + 8, y + 2.5, inner, REGULAR, 6.5, MUTED);
      };
      // A signature from the portal fills in its box: when it was drawn and the signer's name
      // (the place is not known); the driver's box and unsigned ones stay for handwriting.
      rule(this.y + 68, t('waybill.signature'));
      if (signature) {
        this.line(t('waybill.signedInPortal'), x + 8, this.y + 70.5, inner, REGULAR, 6.5, MUTED, 'right');
        this.line(printedAt(this.locale, waybill.timeZone, new Date(signature.signedAt)), x + 8, this.y + 89, inner, REGULAR, 9);
      }
      rule(this.y + 100, t('waybill.placeDate'));
      if (signature) this.line(signature.signerName, x + 8, this.y + 111, inner, REGULAR, 9);
      rule(this.y + 122, t('waybill.nameInCapitals'));
    });
    this.y += height + GAP;
  }
}
