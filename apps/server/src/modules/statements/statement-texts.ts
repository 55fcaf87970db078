/**
 * What a statement's PDF and workbook write for an entry, in the reader's language (the
 * `statement.*` messages): its movement (the ledger source), its reference and the period.
 */
import { type Locale, type Statement, type StatementEntry, statementReference } from '@portal/domain';
import { formatPlainDate, type translator } from '../../i18n.js';

type T = ReturnType<typeof translator>;

/** The entry's movement: what booked it (an order, a pallet receipt, a count correction...). */
export function movementText(t: T, entry: StatementEntry): string {
  return t(`statement.source.${entry.source}`);
}

/** The entry's reference as the reader's language writes it (`statementReference`); '' for none. */
export function referenceText(t: T, entry: StatementEntry): string {
  const reference = statementReference(entry);
  if (reference === null) return '';
  return 'text' in reference ? reference.text : t(`statement.reference.${reference.key}`, { id: reference.id });
}

/** "1.11.2026 - 30.11.2026" as the locale writes dates. */
export function periodText(statement: Statement, locale: Locale): string {
  return `${formatPlainDate(statement.from, locale)} – ${formatPlainDate(statement.to, locale)}`;
}

/** The file name of a statement's PDF or workbook: statement-<location id>-<from>-<to>.<extension>. */
export function statementFileName(statement: Statement, extension: 'pdf' | 'xlsx'): string {
  return `statement-${statement.location.id}-${statement.from}-${statement.to}.${extension}`;
}
