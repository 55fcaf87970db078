/**
 * The shared input schemas (issue 7, "Bad input gets 400, never 500"; docs/domain.md, "Input"):
 * real calendar dates, ids and counts inside their column's range, strict integers in query
 * strings, texts without control characters, and every call's schema built from them.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  INT4_MAX,
  queryBigId,
  queryBigIdList,
  queryId,
  queryInteger,
  queryIntList,
  requiredText,
  ZBigId,
  ZCount,
  ZEmailArchiveQuery,
  ZId,
  ZLoginRequest,
  ZMonth,
  ZOrderFillQuery,
  ZOrdersImportOptions,
  ZOrdersQuery,
  ZPlainDate,
  ZSaveOrderCommentRequest,
  ZSaveOrderRequest,
  ZSaveScheduledOrderRequest,
  ZSetOrderStatusRequest,
  ZSwitchStatusRequest,
  ZText,
} from '../src/index.js';

/** The message key of the first problem, or null when the value passes. */
function problem(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'unknown');
}

describe('plain dates', () => {
  it('take real calendar days only', () => {
    for (const date of ['2026-02-28', '2028-02-29', '2000-02-29', '2026-12-31', '1900-01-01', '2999-12-31']) {
      expect(problem(ZPlainDate, date), date).toBeNull();
    }
    for (const date of [
      '2026-02-30',
      '2026-13-01',
      '2027-02-29',
      '2100-02-29',
      '2026-04-31',
      '2026-00-10',
      '2026-1-1',
      '2026-02-28T00:00:00Z',
    ]) {
      expect(problem(ZPlainDate, date), date).toBe('validation.date');
    }
  });

  it('keep to the years 1900 to 2999, which PostgreSQL and JavaScript reckon alike', () => {
    expect(problem(ZPlainDate, '0000-01-01')).not.toBeNull();
    expect(problem(ZPlainDate, '1899-12-31')).toBe('validation.dateYears');
    expect(problem(ZPlainDate, '3000-01-01')).toBe('validation.dateYears');
    expect(problem(ZPlainDate, '9999-12-31')).toBe('validation.dateYears');
  });

  it('months run from 01 to 12 in the same years', () => {
    expect(problem(ZMonth, '2026-12')).toBeNull();
    expect(problem(ZMonth, '2026-13')).toBe('validation.month');
    expect(problem(ZMonth, '2026-00')).toBe('validation.month');
    expect(problem(ZMonth, '0000-01')).toBe('validation.dateYears');
  });

  it('every date field of a call uses them', () => {
    const order = { transactionTypeId: 1, dateSend: '2026-02-30', lines: [{ productId: 1, quantityOrdered: 33 }], draft: true };
    expect(problem(ZSaveOrderRequest, order)).toBe('validation.date');
    expect(problem(ZSaveOrderRequest, { ...order, dateSend: '2026-06-01', datePickup: '2027-02-29' })).toBe('validation.date');
    expect(problem(ZOrdersQuery, { sendLower: '2026-13-01' })).toBe('validation.date');
    expect(problem(ZEmailArchiveQuery, { dateTo: '2026-04-31' })).toBe('validation.date');
    const schedule = {
      transactionTypeId: 1,
      intervalWeeks: 1,
      monday: true,
      tuesday: false,
      wednesday: false,
      thursday: false,
      friday: false,
      startDate: '2026-02-29',
      lines: [{ productId: 1, quantityOrdered: 33 }],
    };
    expect(problem(ZSaveScheduledOrderRequest, schedule)).toBe('validation.date');
  });
});

describe('ids and counts', () => {
  it('an int4 id runs from 1 to 2,147,483,647; a bigint id to 2^53 - 1', () => {
    expect(problem(ZId, INT4_MAX)).toBeNull();
    expect(problem(ZId, INT4_MAX + 1)).toBe('validation.tooBig');
    expect(problem(ZId, 0)).toBe('validation.tooSmall');
    expect(problem(ZBigId, INT4_MAX + 1)).toBeNull();
    expect(problem(ZBigId, Number.MAX_SAFE_INTEGER)).toBeNull();
    expect(problem(ZBigId, Number.MAX_SAFE_INTEGER + 2)).toBe('validation.tooBig');
  });

  it('a number in a body must be a finite whole number', () => {
    for (const value of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 1e308, '1', null]) {
      expect(problem(ZCount, value), String(value)).not.toBeNull();
    }
    expect(problem(ZCount, 1e308)).toBe('validation.tooBig');
    expect(problem(ZCount, 1.5)).toBe('validation.integer');
    expect(problem(ZCount, -1)).toBe('validation.tooSmall');
  });

  it('a query integer is written in decimal digits, nothing else', () => {
    expect(queryId.parse('42')).toBe(42);
    expect(Object.is(queryInteger(0, 10).parse('-0'), 0)).toBe(true);
    for (const value of ['1e3', '0x10', ' 1', '1.0', '', 'NaN', 'Infinity', '-Infinity', 'abc', ['1', '2']]) {
      expect(problem(queryId, value), String(value)).toBe('validation.integer');
    }
    for (const value of ['2147483648', '9007199254740993', '99999999999999999999']) {
      expect(problem(queryId, value), value).toBe('validation.tooBig');
    }
    expect(problem(queryId, '0')).toBe('validation.tooSmall');
    expect(queryBigId.parse('2147483648')).toBe(2_147_483_648);
  });

  it('lists of integers bound every item', () => {
    expect(queryIntList.parse('1,2,3')).toEqual([1, 2, 3]);
    expect(problem(queryIntList, '1,2147483648')).toBe('validation.tooBig');
    expect(problem(queryIntList, '99999999999')).toBe('validation.tooBig');
    expect(problem(queryIntList, '1,,2')).toBe('validation.intList');
    expect(problem(queryIntList, '1,-1')).toBe('validation.intList');
    expect(queryBigIdList.parse('2147483648')).toEqual([2_147_483_648]);
  });

  it('every id and quantity of a call is bounded', () => {
    expect(problem(ZSwitchStatusRequest, { customerId: 2_147_483_648 })).toBe('validation.tooBig');
    expect(problem(ZOrdersQuery, { locationId: '2147483648' })).toBe('validation.tooBig');
    expect(problem(ZOrdersQuery, { transactionStatus: '1,2147483648' })).toBe('validation.tooBig');
    expect(problem(ZOrdersQuery, { count: '1e3' })).toBe('validation.integer');
    expect(problem(ZSetOrderStatusRequest, { id: 1, transactionStatusId: 1, version: 2_147_483_648 })).toBe('validation.tooBig');
    expect(problem(ZOrderFillQuery, { lines: '1:2147483648' })).toBe('validation.tooBig');
    expect(problem(ZOrdersImportOptions, { transactionTypeId: '1', locationId: '2147483648' })).toBe('validation.tooBig');
    expect(problem(ZOrdersImportOptions, { transactionTypeId: '1', headerRows: '1e308' })).toBe('validation.integer');
    const order = { transactionTypeId: 1, dateSend: '2026-06-01', draft: true };
    expect(problem(ZSaveOrderRequest, { ...order, lines: [{ productId: 2_147_483_648, quantityOrdered: 33 }] })).toBe('validation.tooBig');
    expect(problem(ZSaveOrderRequest, { ...order, lines: [{ productId: 1, quantityOrdered: 1e308 }] })).toBe('validation.tooBig');
    expect(problem(ZSaveOrderRequest, { ...order, locationIdTo: 2_147_483_648, lines: [{ productId: 1, quantityOrdered: 33 }] })).toBe(
      'validation.tooBig',
    );
  });
});

describe('texts', () => {
  it('refuse NUL and the other control characters but tab, line feed and carriage return', () => {
    for (const text of ['a\u0000b', '\u0000', '\u0001', '\u001b[31m', '\u001f', '\u007f', 'x\u000bx', 'x\u000cx']) {
      expect(problem(ZText, text), JSON.stringify(text)).toBe('validation.controlCharacter');
    }
    for (const text of ['tab\there', 'line\nbreak', 'cr\r\nlf', 'Ærlig øl på Åland', '😀', '\u00a0', '\u0080']) {
      expect(problem(ZText, text), JSON.stringify(text)).toBeNull();
    }
  });

  it('refuse a lone UTF-16 surrogate (which jsonb cannot store), not a pair', () => {
    for (const text of ['\ud800', 'a\udbffb', '\udc00', 'x\ude00', '\ude00\ud83d']) {
      expect(problem(ZText, text), JSON.stringify(text)).toBe('validation.malformedText');
    }
    for (const text of ['\ud83d\ude00', 'ok \ud83d\udc4d ok']) expect(problem(ZText, text), JSON.stringify(text)).toBeNull();
    expect(problem(ZLoginRequest, { userLoginName: 'ad\ud800min', password: 'x' })).toBe('validation.malformedText');
  });

  it('a required text is trimmed and needs one character', () => {
    expect(requiredText(10).parse('  x  ')).toBe('x');
    expect(problem(requiredText(10), '   ')).toBe('validation.required');
    expect(problem(requiredText(3), 'abcd')).toBe('validation.tooLong');
  });

  it('every free text of a call uses them: sign-in name, comments, references, search terms, signature name', () => {
    expect(problem(ZLoginRequest, { userLoginName: 'ad\u0000min', password: 'x' })).toBe('validation.controlCharacter');
    expect(problem(ZSaveOrderCommentRequest, { orderId: 1, text: 'hi\u0000' })).toBe('validation.controlCharacter');
    expect(problem(ZOrdersQuery, { term: '\u0000' })).toBe('validation.controlCharacter');
    expect(problem(ZOrdersQuery, { filterReference: 'a\u0000' })).toBe('validation.controlCharacter');
    const order = { transactionTypeId: 1, dateSend: '2026-06-01', draft: true, lines: [{ productId: 1, quantityOrdered: 33 }] };
    expect(problem(ZSaveOrderRequest, { ...order, referenceOwn: 'PO\u00001' })).toBe('validation.controlCharacter');
    expect(problem(ZSaveOrderRequest, { ...order, idempotencyKey: 'key\u0000key\u0000' })).toBe('validation.controlCharacter');
  });
});
