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
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { formatPlainDate, translator } from '../../i18n.js';
import type { Waybill, WaybillAddress, WaybillParty, WaybillSignature } from './get-waybill.js';
import { toWinAnsi } from './win-ansi.js';

type Doc = InstanceType<typeof PDFDocument>;

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const WIDTH = A4.width - 2 * MARGIN;
/** Lowest y the content may reach: the footer sits below it. */
const BOTTOM = A4.height - MARGIN - 14;
const GAP = 8;
const INK = '#1b1f24';
const MUTED = '#555d66';
const RULE = '#8a939c';
const SHADE = '#eceff2';
const ACCENT = '#1f3a5f';
const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';
/** Side of the QR code and height of the order number box beside it. */
const QR_SIZE = 60;
/** Height of the handover block: title bar, note and the signature boxes. */
const HANDOVER_HEIGHT = 14 + 17 + 132;

/** A field of a grid row: its label and value (null or empty: an empty box). */
type Field = [label: string, value: string | null | undefined];

/**
 * Renders `waybill` as a PDF.
 * @returns the PDF's bytes (A4 portrait, one page for a usual order)
 */
export async function renderWaybill(waybill: Waybill): Promise<Buffer> {
  const t = translator(waybill.locale);
  const title = t('waybill.title');
  const doc = new PDFDocument({
    size: 'A4',
    // No bottom margin: the layout places everything itself, pdfkit must never break a page.
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 0 },
    bufferPages: true,
    lang: waybill.locale,
    displayTitle: true,
    info: {
      Title: toWinAnsi(`${title} ${waybill.orderId}`),
      Subject: toWinAnsi(`${t('waybill.orderNumber')} ${waybill.orderId}`),
      Author: toWinAnsi(waybill.issuerName ?? ''),
    },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const sheet = new Sheet(doc, waybill.locale);
  sheet.header(title, waybill, t);
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
  sheet.footers(waybill, title, t);
  doc.end();
  return done;
}

type T = ReturnType<typeof translator>;

/** "under behandling" -> "Under behandling" (the catalogue's customs statuses are written to go inside a sentence). */
const upperFirst = (text: string, locale: Locale) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);

interface PartyLine {
  text: string;
  style?: 'strong' | 'label' | 'small';
}

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

/** The page being laid out, top to bottom: `y` is where the next block starts. */
class Sheet {
  y = MARGIN;
  private readonly numbers: Intl.NumberFormat;
  /** The line that heads every further page. */
  private continuedTitle = '';

  constructor(
    private readonly doc: Doc,
    private readonly locale: Locale,
  ) {
    this.numbers = new Intl.NumberFormat(locale);
  }

  date(value: string | null): string {
    return value ? formatPlainDate(value, this.locale) : '';
  }

  number(value: number): string {
    return this.numbers.format(value);
  }

  /** Writes one line at (x, y), cut with an ellipsis to `width`. */
  private line(
    text: string,
    x: number,
    y: number,
    width: number,
    font: string,
    size: number,
    color = INK,
    align: 'left' | 'right' = 'left',
  ) {
    const doc = this.doc.font(font).fontSize(size).fillColor(color);
    let fitted = toWinAnsi(text).replace(/\s+/g, ' ').trim();
    if (doc.widthOfString(fitted) > width) {
      while (fitted.length > 1 && doc.widthOfString(`${fitted}…`) > width) fitted = fitted.slice(0, -1);
      fitted = `${fitted.trimEnd()}…`;
    }
    doc.text(fitted, x, y, { width, align, lineBreak: false });
  }

  /** Starts a new page when `height` does not fit on this one (the continuation header repeats title and order number). */
  private room(height: number, continuation: () => void = () => {}) {
    if (this.y + height <= BOTTOM) return;
    this.doc.addPage();
    this.y = MARGIN;
    this.line(this.continuedTitle, MARGIN, this.y, WIDTH, BOLD, 11, ACCENT);
    this.y += 22;
    continuation();
  }

  /** Title, issuer, the order number and its QR code. */
  header(title: string, waybill: Waybill, t: T) {
    const qrSize = QR_SIZE;
    this.qrCode(String(waybill.orderId), MARGIN + WIDTH - qrSize, MARGIN);
    this.continuedTitle = `${title} · ${t('waybill.orderNumber')} ${waybill.orderId}`;
    this.line(title.toLocaleUpperCase(this.locale), MARGIN, MARGIN, 260, BOLD, 24, ACCENT);
    if (waybill.issuerName) this.line(waybill.issuerName, MARGIN, MARGIN + 30, 260, REGULAR, 9.5, MUTED);
    const boxWidth = 150;
    const boxX = MARGIN + WIDTH - qrSize - 12 - boxWidth;
    this.doc.lineWidth(1).strokeColor(ACCENT).rect(boxX, MARGIN, boxWidth, qrSize).stroke();
    this.line(t('waybill.orderNumber'), boxX + 8, MARGIN + 10, boxWidth - 16, REGULAR, 7.5, MUTED);
    this.line(String(waybill.orderId), boxX + 8, MARGIN + 25, boxWidth - 16, BOLD, 22, INK);
    this.y = MARGIN + qrSize + 10;
  }

  /** A QR code of `text` at (x, y), QR_SIZE wide, as vector squares (sharp at any zoom). */
  private qrCode(text: string, x: number, y: number) {
    const code = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const size = code.modules.size;
    const box = QR_SIZE;
    const module = box / size;
    for (let row = 0; row < size; row++) {
      for (let col = 0; col < size; col++) {
        if (code.modules.get(row, col)) this.doc.rect(x + col * module, y + row * module, module + 0.05, module + 0.05);
      }
    }
    this.doc.fillColor(INK).fill();
  }

  /** A section's title bar. */
  section(title: string) {
    this.room(14 + 30);
    this.doc.rect(MARGIN, this.y, WIDTH, 14).fillColor(ACCENT).fill();
    this.line(title.toLocaleUpperCase(this.locale), MARGIN + 5, this.y + 4, WIDTH - 10, BOLD, 7.5, '#ffffff');
    this.y += 14;
  }

  /** Rows of boxed fields: a small label on top, the value below. */
  grid(rows: Field[][], rowHeight = 25) {
    this.room(rows.length * rowHeight);
    for (const row of rows) {
      const width = WIDTH / row.length;
      row.forEach(([label, value], i) => {
        const x = MARGIN + i * width;
        this.doc.lineWidth(0.5).strokeColor(RULE).rect(x, this.y, width, rowHeight).stroke();
        this.line(label, x + 4, this.y + 3.5, width - 8, REGULAR, 6.5, MUTED);
        if (value) this.line(value, x + 4, this.y + 12.5, width - 8, BOLD, 9.5);
      });
      this.y += rowHeight;
    }
    this.y += GAP;
  }

  /** Sender and receiver side by side, as tall as the longer of the two. */
  parties(...boxes: [title: string, lines: PartyLine[]][]) {
    const width = WIDTH / boxes.length;
    const lineHeight = (line: PartyLine) => (line.style === 'small' ? 11 : line.style === 'label' ? 13 : 12.5);
    const height = 14 + 8 + Math.max(...boxes.map(([, lines]) => lines.reduce((sum, line) => sum + lineHeight(line), 0)));
    this.room(height);
    boxes.forEach(([title, lines], i) => {
      const x = MARGIN + i * width;
      this.doc.rect(x, this.y, width, 14).fillColor(ACCENT).fill();
      this.line(title.toLocaleUpperCase(this.locale), x + 5, this.y + 4, width - 10, BOLD, 7.5, '#ffffff');
      this.doc.lineWidth(0.5).strokeColor(RULE).rect(x, this.y, width, height).stroke();
      let y = this.y + 14 + 5;
      for (const line of lines) {
        if (line.style === 'label') {
          y += 2;
          this.line(line.text, x + 6, y, width - 12, REGULAR, 6.5, MUTED);
        } else if (line.style === 'small') this.line(line.text, x + 6, y + 1, width - 12, REGULAR, 8, MUTED);
        else this.line(line.text, x + 6, y, width - 12, line.style === 'strong' ? BOLD : REGULAR, 9.5);
        y += lineHeight(line);
      }
    });
    this.y += height + GAP;
  }

  /** Labelled paragraphs, wrapped, each at most four lines. */
  notes(notes: [string, string][]) {
    const doc = this.doc;
    const width = WIDTH - 12;
    const texts = notes.map(([label, text]) => [toWinAnsi(`${label}: `), toWinAnsi(text).replace(/\s*\n\s*/g, ' ')] as const);
    const heights = texts.map(([label, text]) =>
      Math.min(
        4 * 11.5,
        doc
          .font(REGULAR)
          .fontSize(8.5)
          .heightOfString(label + text, { width, lineGap: 1.5 }),
      ),
    );
    const height = heights.reduce((sum, h) => sum + h + 3, 6);
    this.room(height);
    doc.lineWidth(0.5).strokeColor(RULE).rect(MARGIN, this.y, WIDTH, height).stroke();
    let y = this.y + 5;
    texts.forEach(([label, text], i) => {
      doc
        .font(BOLD)
        .fontSize(8.5)
        .fillColor(INK)
        .text(label, MARGIN + 6, y, { width, continued: true, lineGap: 1.5 });
      doc.font(REGULAR).text(text, { width, height: heights[i], ellipsis: true, lineGap: 1.5 });
      y += (heights[i] ?? 0) + 3;
    });
    this.y += height + GAP;
  }

  /** The load carriers: number, product, quality, treatment, ordered and picked; then the totals. */
  lines(waybill: Waybill, t: T) {
    const columns = [
      { label: t('waybill.lineNumber'), width: 26, align: 'left' as const },
      { label: t('waybill.product'), width: 0, align: 'left' as const },
      { label: t('waybill.quality'), width: 82, align: 'left' as const },
      { label: t('waybill.treatment'), width: 132, align: 'left' as const },
      { label: t('waybill.ordered'), width: 58, align: 'right' as const },
      { label: t('waybill.picked'), width: 66, align: 'right' as const },
    ];
    (columns[1] as { width: number }).width = WIDTH - columns.reduce((sum, c) => sum + c.width, 0);
    const rowHeight = 17;
    const cells = (values: string[], font: string, size: number, color = INK) => {
      let x = MARGIN;
      columns.forEach((column, i) => {
        this.line(values[i] ?? '', x + 5, this.y + (rowHeight - size) / 2 + 0.5, column.width - 10, font, size, color, column.align);
        x += column.width;
      });
    };
    const head = () => {
      this.doc.rect(MARGIN, this.y, WIDTH, rowHeight).fillColor(SHADE).fill();
      cells(
        columns.map((c) => c.label),
        BOLD,
        7.5,
        INK,
      );
      this.y += rowHeight;
    };
    this.section(t('waybill.carriers'));
    head();
    waybill.lines.forEach((line, i) => {
      this.room(rowHeight, head);
      cells(
        [
          String(i + 1),
          line.carrierTypeName,
          line.qualityName,
          line.treatmentName,
          this.number(line.quantityOrdered),
          this.number(line.quantityPicked),
        ],
        REGULAR,
        9,
      );
      this.y += rowHeight;
      this.doc
        .lineWidth(0.4)
        .strokeColor(SHADE)
        .moveTo(MARGIN, this.y)
        .lineTo(MARGIN + WIDTH, this.y)
        .stroke();
    });
    this.room(rowHeight + 2, head);
    this.doc
      .lineWidth(1)
      .strokeColor(INK)
      .moveTo(MARGIN, this.y)
      .lineTo(MARGIN + WIDTH, this.y)
      .stroke();
    const ordered = waybill.lines.reduce((sum, line) => sum + line.quantityOrdered, 0);
    const picked = waybill.lines.reduce((sum, line) => sum + line.quantityPicked, 0);
    this.y += 1;
    cells(['', t('waybill.total'), '', '', this.number(ordered), `${this.number(picked)} ${t('waybill.pieces')}`], BOLD, 9.5);
    this.y += rowHeight + GAP;
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
    const signedAt = new Intl.DateTimeFormat(this.locale, {
      timeZone: waybill.timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
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
        this.line(signedAt.format(new Date(signature.signedAt)), x + 8, this.y + 89, inner, REGULAR, 9);
      }
      rule(this.y + 100, t('waybill.placeDate'));
      if (signature) this.line(signature.signerName, x + 8, this.y + 111, inner, REGULAR, 9);
      rule(this.y + 122, t('waybill.nameInCapitals'));
    });
    this.y += height + GAP;
  }

  /** On every page: printed time, issuer, title and order number, page x of y. */
  footers(waybill: Waybill, title: string, t: T) {
    const printed = new Intl.DateTimeFormat(this.locale, {
      timeZone: waybill.timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date());
    const { start, count } = this.doc.bufferedPageRange();
    for (let page = start; page < start + count; page++) {
      this.doc.switchToPage(page);
      const y = A4.height - MARGIN + 8;
      this.doc
        .lineWidth(0.5)
        .strokeColor(RULE)
        .moveTo(MARGIN, y - 5)
        .lineTo(MARGIN + WIDTH, y - 5)
        .stroke();
      const left = [t('waybill.printed', { date: printed }), waybill.issuerName, `${title} ${waybill.orderId}`]
        .filter(Boolean)
        .join('  ·  ');
      this.line(left, MARGIN, y, WIDTH - 90, REGULAR, 7, MUTED);
      this.line(t('waybill.page', { page: page + 1, pages: count }), MARGIN + WIDTH - 90, y, 90, REGULAR, 7, MUTED, 'right');
    }
  }
}
