/**
 * The portal's printed documents (architecture.md, "documents"): one A4 frame that the waybill
 * (waybill/render-waybill.ts) and the invoice (invoices/render-invoice.ts) are both drawn on,
 * so they look like one company's papers. pdfkit with the standard Helvetica fonts (text goes
 * through `toWinAnsi`, win-ansi.ts); the layout places every block itself from the top down and
 * never lets pdfkit break a page: a block that does not fit starts a new page headed by the
 * document's title line, and a table repeats its header there. Dates and numbers are written
 * with Intl for the document's locale; every text comes translated from the caller.
 */
import type { Locale } from '@portal/domain';
import type PDFDocument from 'pdfkit';
import type QRCodeModule from 'qrcode';
import { formatPlainDate } from '../../i18n.js';
import { toWinAnsi } from './win-ansi.js';

export type Doc = InstanceType<typeof PDFDocument>;

/**
 * pdfkit and qrcode, imported when the first document is drawn: about 6.5 MB of heap (and
 * their code) that a process printing nothing never holds (docs/performance.md, "Memory").
 */
let pdfLibraries: Promise<{ PDFDocument: typeof PDFDocument; QRCode: typeof QRCodeModule }> | undefined;
let QRCode: typeof QRCodeModule | undefined;
function loadPdfLibraries() {
  pdfLibraries ??= Promise.all([import('pdfkit'), import('qrcode')]).then(([pdfkit, qrcode]) => {
    QRCode = qrcode.default;
    return { PDFDocument: pdfkit.default, QRCode: qrcode.default };
  });
  return pdfLibraries;
}

export const A4 = { width: 595.28, height: 841.89 };
export const MARGIN = 36;
/** Width of the content between the margins. */
export const WIDTH = A4.width - 2 * MARGIN;
/** Lowest y the content may reach: the footer sits below it. */
export const BOTTOM = A4.height - MARGIN - 14;
export const GAP = 8;
export const INK = '#1b1f24';
export const MUTED = '#555d66';
export const RULE = '#8a939c';
export const SHADE = '#eceff2';
export const ACCENT = '#1f3a5f';
export const REGULAR = 'Helvetica';
export const BOLD = 'Helvetica-Bold';
/** Height of the header's number box (and side of the QR code beside it). */
const HEADER_HEIGHT = 60;

/** A field of a grid row: its label and value (null or empty: an empty box, to fill in by hand). */
export type Field = [label: string, value: string | null | undefined];

/** A line of a party box: plain, `strong` (bold), `label` (a small caption) or `small` (muted). */
export interface PartyLine {
  text: string;
  style?: 'strong' | 'label' | 'small';
}

/** A column of a table: `width` 0 takes what the others leave. */
export interface Column {
  label: string;
  width: number;
  align: 'left' | 'right';
}

/** The document's metadata (title, subject, author as PDF info; the language tag). */
export interface DocumentInfo {
  locale: Locale;
  title: string;
  subject: string;
  author: string;
}

/**
 * Opens an A4 portrait document: no bottom margin (the layout places everything itself), pages
 * buffered so the footers can say "page x of y" at the end.
 * @returns the document and its bytes once `doc.end()` was called
 */
export async function openDocument(info: DocumentInfo): Promise<{ doc: Doc; done: Promise<Buffer> }> {
  const { PDFDocument } = await loadPdfLibraries();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 0 },
    bufferPages: true,
    lang: info.locale,
    displayTitle: true,
    info: { Title: toWinAnsi(info.title), Subject: toWinAnsi(info.subject), Author: toWinAnsi(info.author) },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** The page being laid out, top to bottom: `y` is where the next block starts. */
export class DocumentSheet {
  y = MARGIN;
  private readonly numbers: Intl.NumberFormat;
  /** The line that heads every further page. */
  protected continuedTitle = '';

  constructor(
    protected readonly doc: Doc,
    protected readonly locale: Locale,
  ) {
    this.numbers = new Intl.NumberFormat(locale);
  }

  date(value: string | null): string {
    return value ? formatPlainDate(value, this.locale) : '';
  }

  number(value: number): string {
    return this.numbers.format(value);
  }

  /** `text` in capitals as the locale writes them (section titles). */
  protected upper(text: string): string {
    return text.toLocaleUpperCase(this.locale);
  }

  /** Writes one line at (x, y), cut with an ellipsis to `width`. */
  line(text: string, x: number, y: number, width: number, font: string, size: number, color = INK, align: 'left' | 'right' = 'left') {
    const doc = this.doc.font(font).fontSize(size).fillColor(color);
    let fitted = toWinAnsi(text).replace(/\s+/g, ' ').trim();
    if (doc.widthOfString(fitted) > width) {
      while (fitted.length > 1 && doc.widthOfString(`${fitted}…`) > width) fitted = fitted.slice(0, -1);
      fitted = `${fitted.trimEnd()}…`;
    }
    doc.text(fitted, x, y, { width, align, lineBreak: false });
  }

  /** A horizontal rule across the content at `y`. */
  rule(y: number, width = 0.5, color = RULE) {
    this.doc
      .lineWidth(width)
      .strokeColor(color)
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + WIDTH, y)
      .stroke();
  }

  /** Starts a new page when `height` does not fit on this one (headed by `continuedTitle`, then `continuation`). */
  room(height: number, continuation: () => void = () => {}) {
    if (this.y + height <= BOTTOM) return;
    this.doc.addPage();
    this.y = MARGIN;
    this.line(this.continuedTitle, MARGIN, this.y, WIDTH, BOLD, 11, ACCENT);
    this.y += 22;
    continuation();
  }

  /**
   * The head of the first page: the title in capitals and the issuer below it on the left; on
   * the right a box with the document's number (and a QR code of `qr` beside it, when given).
   * `continued` heads every further page.
   */
  header(options: {
    title: string;
    issuer: string | null;
    boxLabel: string;
    boxValue: string;
    /** The number's font size (default 22; a long number such as a pallet receipt's is set smaller). */
    boxValueSize?: number;
    qr?: string;
    /** A PNG or JPEG logo, fitted between the title and the box (an image pdfkit cannot read is left out). */
    logo?: Uint8Array | null;
    continued: string;
  }) {
    const qrSpace = options.qr ? HEADER_HEIGHT + 12 : 0;
    if (options.qr) this.qrCode(options.qr, MARGIN + WIDTH - HEADER_HEIGHT, MARGIN);
    this.continuedTitle = options.continued;
    this.line(this.upper(options.title), MARGIN, MARGIN, 260, BOLD, 24, ACCENT);
    if (options.issuer) this.line(options.issuer, MARGIN, MARGIN + 30, 260, REGULAR, 9.5, MUTED);
    const boxWidth = 150;
    const boxX = MARGIN + WIDTH - qrSpace - boxWidth;
    // The logo goes between what the title and the issuer take and the box, when 40 pt or more are left.
    const textWidth = Math.max(
      this.doc.font(BOLD).fontSize(24).widthOfString(this.upper(options.title)),
      options.issuer ? this.doc.font(REGULAR).fontSize(9.5).widthOfString(options.issuer) : 0,
    );
    const logoX = MARGIN + Math.min(textWidth, 260) + 16;
    if (options.logo && boxX - 12 - logoX >= 40) {
      try {
        this.doc.image(Buffer.from(options.logo), logoX, MARGIN, {
          fit: [boxX - 12 - logoX, HEADER_HEIGHT],
          align: 'right',
          valign: 'center',
        });
      } catch {
        // A damaged image: the waybill is printed without it.
      }
    }
    this.doc.lineWidth(1).strokeColor(ACCENT).rect(boxX, MARGIN, boxWidth, HEADER_HEIGHT).stroke();
    this.line(options.boxLabel, boxX + 8, MARGIN + 10, boxWidth - 16, REGULAR, 7.5, MUTED);
    this.line(options.boxValue, boxX + 8, MARGIN + 25, boxWidth - 16, BOLD, options.boxValueSize ?? 22, INK);
    this.y = MARGIN + HEADER_HEIGHT + 10;
  }

  /** A QR code of `text` at (x, y), HEADER_HEIGHT wide, as vector squares (sharp at any zoom). */
  private qrCode(text: string, x: number, y: number) {
    // Loaded by openDocument, which made the document this draws on.
    const code = (QRCode as typeof QRCodeModule).create(text, { errorCorrectionLevel: 'M' });
    const size = code.modules.size;
    const module = HEADER_HEIGHT / size;
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
    this.line(this.upper(title), MARGIN + 5, this.y + 4, WIDTH - 10, BOLD, 7.5, '#ffffff');
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

  /** Party boxes side by side (sender and receiver, seller and buyer), as tall as the longest. */
  parties(...boxes: [title: string, lines: PartyLine[]][]) {
    const width = WIDTH / boxes.length;
    const lineHeight = (line: PartyLine) => (line.style === 'small' ? 11 : line.style === 'label' ? 13 : 12.5);
    const height = 14 + 8 + Math.max(...boxes.map(([, lines]) => lines.reduce((sum, line) => sum + lineHeight(line), 0)));
    this.room(height);
    boxes.forEach(([title, lines], i) => {
      const x = MARGIN + i * width;
      this.doc.rect(x, this.y, width, 14).fillColor(ACCENT).fill();
      this.line(this.upper(title), x + 5, this.y + 4, width - 10, BOLD, 7.5, '#ffffff');
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

  /** Labelled paragraphs in a box, wrapped, each at most four lines. */
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

  /**
   * A table under a section bar: a shaded header row, one row per entry with a thin rule below,
   * and, when given, a bold `total` row under a strong rule. On a page break the header repeats.
   */
  table(title: string, columns: Column[], body: string[][], total?: string[]) {
    const table = this.openTable(title, columns);
    for (const row of body) table.row(row);
    table.end(total);
  }

  /**
   * A table written a row at a time, as `table` writes it: the section bar and header now, then
   * `row` for each entry (a caller with thousands may let the event loop turn between rows), and
   * `end` with the bold total row when given.
   */
  openTable(title: string, columns: Column[]): { row(values: string[]): void; end(total?: string[]): void } {
    const fixed = columns.reduce((sum, c) => sum + c.width, 0);
    const widths = columns.map((c) => c.width || WIDTH - fixed);
    const rowHeight = 17;
    const cells = (values: string[], font: string, size: number) => {
      let x = MARGIN;
      columns.forEach((column, i) => {
        const width = widths[i] ?? 0;
        this.line(values[i] ?? '', x + 5, this.y + (rowHeight - size) / 2 + 0.5, width - 10, font, size, INK, column.align);
        x += width;
      });
    };
    const head = () => {
      this.doc.rect(MARGIN, this.y, WIDTH, rowHeight).fillColor(SHADE).fill();
      cells(
        columns.map((c) => c.label),
        BOLD,
        7.5,
      );
      this.y += rowHeight;
    };
    this.section(title);
    head();
    return {
      row: (values) => {
        this.room(rowHeight, head);
        cells(values, REGULAR, 9);
        this.y += rowHeight;
        this.rule(this.y, 0.4, SHADE);
      },
      end: (total) => {
        if (total) {
          this.room(rowHeight + 2, head);
          this.rule(this.y, 1, INK);
          this.y += 1;
          cells(total, BOLD, 9.5);
          this.y += rowHeight;
        }
        this.y += GAP;
      },
    };
  }

  /** On every page: `left` (printed time, issuer, document) and the page number `page(x, of)` on the right. */
  footers(left: string, page: (page: number, pages: number) => string) {
    const { start, count } = this.doc.bufferedPageRange();
    for (let index = start; index < start + count; index++) {
      this.doc.switchToPage(index);
      const y = A4.height - MARGIN + 8;
      this.rule(y - 5);
      this.line(left, MARGIN, y, WIDTH - 90, REGULAR, 7, MUTED);
      this.line(page(index + 1, count), MARGIN + WIDTH - 90, y, 90, REGULAR, 7, MUTED, 'right');
    }
  }
}

/** The time zone a document of a country is dated in (printed time, signatures): the country's, as its dates (docs/domain.md, "Today"). */
export { timeZoneOf } from '@portal/domain';

/** The time a document is printed, as the locale writes date and time in `timeZone`. */
export function printedAt(locale: Locale, timeZone: string, at = new Date()): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}
