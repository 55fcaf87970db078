/**
 * What the new reconciliation's form starts from and sends (issue 22; docs/reconciliation.md,
 * "Screens"): the columns as "A: <header>", a mapping prefilled from the customer's saved one or
 * guessed from the headers, the file's product values matched to the portal's products (the
 * saved mapping first, then a product's number or name, without case), and the default period
 * (the previous month of the location's today).
 */
import { addPlainDays, type Product, type ReconciliationMapping, type ReconciliationPreview } from '@portal/domain';

/** A column's letter as a spreadsheet names it (0 = A, 25 = Z, 26 = AA). */
export function columnLetter(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** The options of a column select: "A: Date", or only the letter under an empty header. */
export function columnOptions(preview: ReconciliationPreview): { value: string; label: string }[] {
  return preview.columns.map((c) => ({
    value: String(c.index),
    label: c.header.trim() ? `${columnLetter(c.index)}: ${c.header.trim()}` : columnLetter(c.index),
  }));
}

/** The mapping's columns without the products (what the column selects edit). */
export type ColumnMapping = Omit<ReconciliationMapping, 'products'>;

/** Header words in the five languages (and English), per column, for a first guess. */
const guesses: { key: keyof ColumnMapping; pattern: RegExp }[] = [
  { key: 'dateColumn', pattern: /dat|päivä|pvm/i },
  { key: 'referenceColumn', pattern: /ref|order|ordre|tilaus|viite|bilag|nummer|number|nr/i },
  { key: 'counterpartyColumn', pattern: /gln|counterpart|motpart|modpart|vastapuoli|kunde|kund|customer|asiakas|partner/i },
  { key: 'productColumn', pattern: /prod|artik|item|vare|vara|tuote|nimike/i },
  { key: 'quantityInColumn', pattern: /^(in|inn|ind|sisään|tulo|received|mottatt|mottaget|modtaget)\b/i },
  { key: 'quantityOutColumn', pattern: /^(out|ut|ud|ulos|lähtö|sent|sendt|skickat)\b/i },
  { key: 'quantityColumn', pattern: /qty|quant|antal|mengde|mængde|määrä|kpl|stk|st\b/i },
];

/** The first column whose header matches `pattern`, other than those `taken`; null when none. */
function guessColumn(preview: ReconciliationPreview, pattern: RegExp, taken: Set<number>): number | null {
  const found = preview.columns.find((c) => !taken.has(c.index) && pattern.test(c.header.trim()));
  return found ? found.index : null;
}

/**
 * The form's first columns: the saved mapping's, else guessed from the headers (date and product
 * at least A and B); a saved column this file has not is guessed too.
 */
export function initialColumns(preview: ReconciliationPreview): ColumnMapping {
  const guessed = guessColumns(preview);
  if (!preview.mapping) return guessed;
  const { products: _products, ...saved } = preview.mapping;
  const fits = (column: number | null) => column === null || column < preview.columns.length;
  const keys = Object.keys(saved) as (keyof ColumnMapping)[];
  if (keys.every((key) => key === 'headerRow' || fits(saved[key]))) return saved;
  return { ...guessed, headerRow: saved.headerRow };
}

/** The columns guessed from the headers (see `guesses`). */
function guessColumns(preview: ReconciliationPreview): ColumnMapping {
  const taken = new Set<number>();
  const found: Partial<Record<keyof ColumnMapping, number | null>> = {};
  for (const { key, pattern } of guesses) {
    const index = guessColumn(preview, pattern, taken);
    found[key] = index;
    if (index !== null) taken.add(index);
  }
  const twoColumns = found.quantityInColumn != null && found.quantityOutColumn != null;
  return {
    headerRow: 1,
    dateColumn: found.dateColumn ?? 0,
    referenceColumn: found.referenceColumn ?? null,
    counterpartyColumn: found.counterpartyColumn ?? null,
    productColumn: found.productColumn ?? Math.min(1, Math.max(0, preview.columns.length - 1)),
    quantityColumn: twoColumns ? null : (found.quantityColumn ?? null),
    quantityInColumn: twoColumns ? (found.quantityInColumn ?? null) : null,
    quantityOutColumn: twoColumns ? (found.quantityOutColumn ?? null) : null,
  };
}

/** A value as the server compares it: without case and surrounding spaces. */
export const productKey = (value: string) => value.trim().toLocaleLowerCase();

/**
 * The portal product of each of the file's product `values`: the saved mapping's, else the
 * product whose number (id) or name is the value (without case); null when none.
 */
export function matchProducts(
  values: readonly string[],
  products: readonly Product[],
  saved: ReconciliationMapping['products'],
): Map<string, number | null> {
  const savedByKey = new Map(saved.map((p) => [productKey(p.value), p.productId]));
  const ids = new Set(products.map((p) => p.id));
  const byName = new Map(products.map((p) => [productKey(p.name), p.id]));
  const matched = new Map<string, number | null>();
  for (const value of values) {
    const key = productKey(value);
    const savedId = savedByKey.get(key);
    if (savedId !== undefined && ids.has(savedId)) matched.set(value, savedId);
    else if (/^\d+$/.test(key) && ids.has(Number(key))) matched.set(value, Number(key));
    else matched.set(value, byName.get(key) ?? null);
  }
  return matched;
}

/** The previous month of `today` (yyyy-MM-dd): its first and last day. */
export function previousMonth(today: string): { from: string; to: string } {
  const to = addPlainDays(`${today.slice(0, 8)}01`, -1);
  return { from: `${to.slice(0, 8)}01`, to };
}
