import { describe, expect, it } from 'vitest';
import {
  correctionBalanceKind,
  countDecisionRefusal,
  countDifference,
  todayIn,
  ZCountAuditConfirmRequest,
  ZCountAuditsQuery,
  ZRegisterCountAuditRequest,
} from '../src/index.js';

describe('count audits', () => {
  it('the difference is what was counted minus the ledger balance at the date', () => {
    expect(countDifference(120, 100)).toBe(20);
    expect(countDifference(80, 100)).toBe(-20);
    expect(countDifference(0, -15)).toBe(15);
    expect(countDifference(33, 33)).toBe(0);
  });

  it('a correction posts to pooling at a pooling location or a provider depot, else to commission', () => {
    expect(correctionBalanceKind({ isPooling: true, typeId: 'GRS' })).toBe('pooling');
    expect(correctionBalanceKind({ isPooling: false, typeId: 'NLP' })).toBe('pooling');
    expect(correctionBalanceKind({ isPooling: false, typeId: 'BUT' })).toBe('commission');
  });

  describe('who decides a count', () => {
    const count = { registeredByUserId: 7, locationCustomerId: 20, locationIsDepot: false };
    it('provider staff other than the counting side decide', () => {
      expect(countDecisionRefusal({ userId: 1, customerId: 1, isProvider: true }, count)).toBeNull();
    });
    it('anyone else may not: customers, the location’s own company, the one who registered it', () => {
      expect(countDecisionRefusal({ userId: 8, customerId: 20, isProvider: false }, count)).toBe('notProvider');
      // A global admin who is a user of the counted customer itself.
      expect(countDecisionRefusal({ userId: 9, customerId: 20, isProvider: true }, count)).toBe('ownCustomer');
      expect(countDecisionRefusal({ userId: 7, customerId: 1, isProvider: true }, count)).toBe('registeredIt');
    });
    it('a depot’s count is decided by provider staff other than the one who registered it', () => {
      const depot = { registeredByUserId: 3, locationCustomerId: 1, locationIsDepot: true };
      expect(countDecisionRefusal({ userId: 4, customerId: 1, isProvider: true }, depot)).toBeNull();
      expect(countDecisionRefusal({ userId: 3, customerId: 1, isProvider: true }, depot)).toBe('registeredIt');
    });
  });

  it('today follows the location’s country: just after midnight in Helsinki it is already tomorrow there', () => {
    const lateUtc = new Date('2026-03-01T22:30:00Z');
    expect(todayIn('FI', lateUtc)).toBe('2026-03-02');
    expect(todayIn('NO', lateUtc)).toBe('2026-03-01');
    expect(todayIn('NO', new Date('2026-07-01T22:30:00Z'))).toBe('2026-07-02');
  });

  describe('the calls’ input', () => {
    const line = { productId: 3, countedQuantity: 40 };
    const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
      result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

    it('a count has a real day, at least one line, each product once, 0 to 1,000,000 carriers', () => {
      expect(ZRegisterCountAuditRequest.safeParse({ locationId: 1, date: '2026-03-01', lines: [line] }).success).toBe(true);
      expect(issues(ZRegisterCountAuditRequest.safeParse({ locationId: 1, date: '2026-02-30', lines: [line] }))).toEqual([
        ['date', 'validation.date'],
      ]);
      expect(issues(ZRegisterCountAuditRequest.safeParse({ locationId: 1, date: '2026-03-01', lines: [] }))).toEqual([
        ['lines', 'validation.noLines'],
      ]);
      expect(
        issues(ZRegisterCountAuditRequest.safeParse({ locationId: 1, date: '2026-03-01', lines: [line, { ...line, countedQuantity: 2 }] })),
      ).toEqual([['lines.1.productId', 'validation.duplicate']]);
      expect(
        issues(
          ZRegisterCountAuditRequest.safeParse({ locationId: 1, date: '2026-03-01', lines: [{ ...line, countedQuantity: 1_000_001 }] }),
        ),
      ).toEqual([['lines.0.countedQuantity', 'validation.tooBig']]);
      expect(
        ZRegisterCountAuditRequest.safeParse({ locationId: 1, date: '2026-03-01', lines: [{ ...line, countedQuantity: 0 }] }).success,
      ).toBe(true);
    });

    it('rejecting needs a comment; confirming does not', () => {
      expect(ZCountAuditConfirmRequest.safeParse({ id: 1, confirm: true }).success).toBe(true);
      expect(issues(ZCountAuditConfirmRequest.safeParse({ id: 1, confirm: false, comment: '  ' }))).toEqual([
        ['comment', 'validation.rejectReason'],
      ]);
      expect(ZCountAuditConfirmRequest.safeParse({ id: 1, confirm: false, comment: 'Recount the yard' }).success).toBe(true);
    });

    it('the list takes a date range whose from is not after its to, and a known status', () => {
      expect(ZCountAuditsQuery.safeParse({ from: '2026-01-01', to: '2026-01-31', status: 'registered' }).success).toBe(true);
      expect(issues(ZCountAuditsQuery.safeParse({ from: '2026-02-01', to: '2026-01-31' }))).toEqual([['to', 'validation.dateRange']]);
      expect(ZCountAuditsQuery.safeParse({ status: 'open' }).success).toBe(false);
    });
  });
});
