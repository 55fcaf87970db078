/**
 * The widths and pinning of a report grid's columns (issue 20: "report grids hide their key
 * columns": the grid was about 1,290 px wide at any window size, text columns took up to 340 px,
 * and product, in, out and balance showed only after scrolling sideways). Pure, so it is tested
 * on its own (apps/web/test/report-grid-layout.test.ts):
 * - figures (quantities, money, dates, ids) are as wide as their longest text (of the first rows
 *   and the totals), never cut;
 * - text columns are as wide as their longest value up to TEXT_MAX, and share what the box has
 *   left, down to TEXT_MIN each (a longer value ends in an ellipsis; the grid shows it in full on
 *   hover and when the row has the keyboard's focus);
 * - a header's label wraps onto more lines rather than widening its column (a column is at least
 *   as wide as the label's longest word, up to WORD_MAX); a key text column (the product, the
 *   location) at least KEY_TEXT_MIN when its values are that long;
 * - when the columns are still wider than the box, the report's key columns (`keyColumns`: the
 *   texts that name a row at the left, the figures at the right) are pinned to the box's edges, so
 *   they stay in view while the rest scrolls between them; only when they take at most PIN_SHARE of
 *   the box (on a phone nothing is pinned: the whole row scrolls).
 */
import type { ReportColumn } from '@portal/domain';

/** Narrowest a text column gets when the box is short of room (px). */
export const TEXT_MIN = 110;
/** Widest a text column grows to fit its longest value (px). */
export const TEXT_MAX = 220;
/** Narrowest a key text column (the product, the location) gets, when its values are that long (px). */
export const KEY_TEXT_MIN = 160;
/** Widest the longest word of a header's label makes its column (px); a longer word breaks. */
export const WORD_MAX = 190;
/** The most of the box's width the pinned columns may take; else none is pinned. */
export const PIN_SHARE = 0.7;

/** Width in px of a text of `length` characters in the grid's font (14 px), with the cell's padding. */
const textWidth = (length: number) => Math.ceil(length * 7.6) + 24;
/**
 * The same for a figure (a date, a quantity, an amount): digits are wider than a text's average
 * letter, 0.64 em in DejaVu Sans (Linux's usual sans-serif) against about 0.55 em in others, so
 * a figure is measured by the widest, and is never cut (dates read "02.11.20…" in Chromium on
 * Linux before).
 */
const figureWidth = (length: number) => Math.ceil(length * 9) + 24;
/** The same in bold (the header's labels, the totals). */
const boldWidth = (length: number) => Math.ceil(length * 8.6) + 24;
/** Room of the header's sort button's icon and gap (px). */
const SORT_ICON = 30;

/** Narrowest width of a column by its type (px). */
const typeMin: Record<ReportColumn['type'], number> = {
  text: TEXT_MIN,
  id: 64,
  integer: 64,
  date: 96,
  datetime: 140,
  money: 88,
  currency: 64,
  boolean: 64,
  percent: 64,
};

/** Columns whose texts are figures: right-aligned, never cut. */
export const figureTypes = new Set<ReportColumn['type']>(['integer', 'money', 'percent']);

/** A pinned column: its side and its distance from that edge of the box (px). */
export interface Pin {
  side: 'left' | 'right';
  offset: number;
  /** The innermost pinned column of its side (draws the line the rest scrolls under). */
  edge: boolean;
}

export interface GridLayout {
  /** Width of each column (px) by key. */
  widths: Map<string, number>;
  /** The keys pinned at the left and at the right (in the order shown), empty when none is. */
  left: string[];
  right: string[];
  /** The pinned columns by key. */
  pins: Map<string, Pin>;
  /** The columns' keys in the order shown: left pinned, the rest in the report's order, right pinned. */
  order: string[];
  /** The sum of the widths (the table's least width, px). */
  total: number;
}

export interface GridLayoutInput {
  columns: readonly ReportColumn[];
  /** The longest text (in characters) each column shows in its cells (as formatted). */
  longest: ReadonlyMap<string, number>;
  /** The length (in characters) of each column's total as shown (bold), where it has one. */
  totals?: ReadonlyMap<string, number>;
  /** The scroll box's inner width (px); 0 while not yet measured (nothing is pinned then). */
  boxWidth: number;
  /** The report's key columns (lib/reports.ts); those the report does not have are left out. */
  keyColumns: readonly string[];
}

/** The width the header's label needs at least: its longest word (up to WORD_MAX) and the sort icon. */
function headerMin(label: string): number {
  const word = Math.max(0, ...label.split(/\s+/).map((w) => w.length));
  return Math.min(WORD_MAX, boldWidth(word) + SORT_ICON);
}

/** The layout of a report's columns in a box `boxWidth` px wide (see the file comment). */
export function gridLayout({ columns, longest, totals = new Map(), boxWidth, keyColumns }: GridLayoutInput): GridLayout {
  const widths = new Map<string, number>();
  const texts: { key: string; least: number; natural: number }[] = [];
  for (const column of columns) {
    const measure = column.type === 'text' ? textWidth : figureWidth;
    const content = Math.max(measure(longest.get(column.key) ?? 0), boldWidth(totals.get(column.key) ?? 0));
    let least = Math.max(typeMin[column.type], headerMin(column.label));
    // A key text (the row's name) keeps room for its value before the others do.
    if (column.type === 'text' && keyColumns.includes(column.key)) least = Math.max(least, Math.min(KEY_TEXT_MIN, content));
    if (column.type === 'text') texts.push({ key: column.key, least, natural: Math.max(least, Math.min(TEXT_MAX, content)) });
    else widths.set(column.key, Math.max(least, content));
  }
  // Texts share what the figures leave: each its natural width when the box has room; else each
  // its least, and what is left over shared in proportion to what each would still want.
  const room = boxWidth - [...widths.values()].reduce((sum, w) => sum + w, 0);
  const wanted = texts.reduce((sum, t) => sum + t.natural, 0);
  const least = texts.reduce((sum, t) => sum + t.least, 0);
  const share = boxWidth === 0 || wanted <= room ? 1 : room <= least ? 0 : (room - least) / (wanted - least);
  for (const t of texts) widths.set(t.key, t.least + Math.floor((t.natural - t.least) * share));
  const total = columns.reduce((sum, c) => sum + (widths.get(c.key) ?? 0), 0);

  const present = keyColumns.filter((key) => columns.some((c) => c.key === key));
  const isFigure = (key: string) => figureTypes.has((columns.find((c) => c.key === key) as ReportColumn).type);
  let left = present.filter((key) => !isFigure(key));
  let right = present.filter(isFigure);
  const pinnedWidth = [...left, ...right].reduce((sum, key) => sum + (widths.get(key) ?? 0), 0);
  if (boxWidth === 0 || total <= boxWidth || pinnedWidth > boxWidth * PIN_SHARE) {
    left = [];
    right = [];
  }
  const pins = new Map<string, Pin>();
  let offset = 0;
  left.forEach((key, index) => {
    pins.set(key, { side: 'left', offset, edge: index === left.length - 1 });
    offset += widths.get(key) ?? 0;
  });
  offset = 0;
  [...right].reverse().forEach((key, index) => {
    pins.set(key, { side: 'right', offset, edge: index === right.length - 1 });
    offset += widths.get(key) ?? 0;
  });
  const order = [...left, ...columns.map((c) => c.key).filter((key) => !pins.has(key)), ...right];
  return { widths, left, right, pins, order, total };
}
