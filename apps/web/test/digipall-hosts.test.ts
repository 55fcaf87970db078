import { describe, expect, it } from 'vitest';
import { digipallRedirect } from '../src/lib/digipall-hosts';

describe('the digipall hosts (spec section 2, routing rules)', () => {
  it('sends every /app path on a digipall2 host to the count at the dock, and lets its own pages be', () => {
    for (const path of ['/app', '/app/', '/app/home', '/app/orders/12', '/app/pallet-receipts', '/app/pallet-receipts/log'])
      expect(digipallRedirect('digipall2.example.no', path)).toBe('/app/pallet-receipts-inv');
    for (const path of ['/app/pallet-receipts-inv', '/app/pallet-receipts-inv/log', '/app/pallet-receipts-inv/7'])
      expect(digipallRedirect('DIGIPALL2.example.no:8443', path)).toBeNull();
  });

  it('sends the app’s start on a digipall host to the pallet receipts, other pages open as anywhere', () => {
    expect(digipallRedirect('digipall.example.no', '/app')).toBe('/app/pallet-receipts');
    expect(digipallRedirect('digipall.example.no', '/app/home')).toBe('/app/pallet-receipts');
    expect(digipallRedirect('portal.digipall.se', '/app/')).toBe('/app/pallet-receipts');
    expect(digipallRedirect('digipall.example.no', '/app/orders')).toBeNull();
    expect(digipallRedirect('digipall.example.no', '/app/pallet-receipts/log')).toBeNull();
  });

  it('leaves every other host alone', () => {
    expect(digipallRedirect('portal.example.no', '/app')).toBeNull();
    expect(digipallRedirect('localhost:3000', '/app/home')).toBeNull();
  });
});
