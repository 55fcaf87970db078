/**
 * How a reconciliation file's cells read (docs/reconciliation.md, "Files"): dates in the formats
 * named, quantities with thousands spaces and signs before or after, GLNs, the CSV delimiter.
 */
import { describe, expect, it } from 'vitest';
import { detectDelimiter } from '../src/modules/reconciliation/read-file.js';
import { glnOf, keyOf, readDate, readQuantity } from '../src/modules/reconciliation/read-values.js';

describe('reconciliation cell values', () => {
  it('reads dates: yyyy-MM-dd, dd.MM.yyyy, d.M.yyyy, dd/MM/yyyy, dd-MM-yyyy, a time after, Excel serials in a workbook', () => {
    expect(readDate('2026-03-05', 'csv')).toBe('2026-03-05');
    expect(readDate('05.03.2026', 'csv')).toBe('2026-03-05');
    expect(readDate('5.3.2026', 'csv')).toBe('2026-03-05');
    expect(readDate('05/03/2026', 'csv')).toBe('2026-03-05');
    expect(readDate('05-03-2026', 'csv')).toBe('2026-03-05');
    expect(readDate('2026-03-05 14:30:00', 'csv')).toBe('2026-03-05');
    expect(readDate('2026-03-05T14:30', 'csv')).toBe('2026-03-05');
    expect(readDate('46086', 'xlsx')).toBe('2026-03-05');
    expect(readDate('46086', 'csv')).toBeNull();
    for (const bad of ['31.02.2026', '2026-13-01', '', 'i går', '05.03.26', '1899-12-31']) expect(readDate(bad, 'csv'), bad).toBeNull();
  });

  it('reads whole quantities: thousands spaces, a sign before or after, zero decimals; nothing else', () => {
    expect(readQuantity('12')).toBe(12);
    expect(readQuantity('1 234')).toBe(1234);
    expect(readQuantity('1\u00a0234')).toBe(1234);
    expect(readQuantity('-5')).toBe(-5);
    expect(readQuantity('+5')).toBe(5);
    expect(readQuantity('5-')).toBe(-5);
    expect(readQuantity('−7')).toBe(-7);
    expect(readQuantity('12,00')).toBe(12);
    expect(readQuantity('12.0')).toBe(12);
    expect(readQuantity('-0')).toBe(0);
    for (const bad of ['', '1,5', '1.234', 'abc', '--5', '5--', '-5-', '99999999999', '1e3']) expect(readQuantity(bad), bad).toBeNull();
  });

  it('tells a GLN (13 digits) from a name, and compares names without case or extra spaces', () => {
    expect(glnOf('7080001234567')).toBe('7080001234567');
    expect(glnOf('708 0001 234567')).toBe('7080001234567');
    expect(glnOf('708000123456')).toBeNull();
    expect(keyOf('  Kiwi   Alnabru ')).toBe(keyOf('KIWI alnabru'));
    expect(keyOf('ØSTLANDET')).toBe('østlandet');
  });

  it('detects the delimiter outside quotes: `;` before tab before `,` on a tie', () => {
    expect(detectDelimiter('a;b;c\n1;"2,5";3\n')).toBe(';');
    expect(detectDelimiter('a,b,c\n1,"2;5",3\n')).toBe(',');
    expect(detectDelimiter('a\tb\tc\n1\t2,5\t3\n')).toBe('\t');
    expect(detectDelimiter('a;b,c\n')).toBe(';');
    expect(detectDelimiter('single\n')).toBe(',');
  });
});
