import { describe, expect, it } from 'vitest';
import { pathAfterLogin } from '../src/features/public/public-api';
import { loginUrlReturningTo, returnPathFrom } from '../src/lib/return-path';

describe('returning after sign-in', () => {
  it('goes back to the page named by returnUrl or redirect', () => {
    expect(returnPathFrom('?returnUrl=%2Fapp%2Forders%2F12')).toBe('/app/orders/12');
    expect(returnPathFrom('?redirect=/app/reports?x=1')).toBe('/app/reports?x=1');
  });

  it('never leaves the portal or loops back to the login form', () => {
    for (const bad of ['https://evil.example/', '//evil.example/app', '/\\evil.example', 'app/home', '/', '/?returnUrl=/app', '']) {
      expect(returnPathFrom(new URLSearchParams({ returnUrl: bad }))).toBeNull();
    }
    expect(returnPathFrom('?returnUrl=/app%0Ahome')).toBeNull();
  });

  it('builds the login address that returns to the current page', () => {
    expect(loginUrlReturningTo('/app/orders?x=1')).toBe('/?returnUrl=%2Fapp%2Forders%3Fx%3D1');
    expect(loginUrlReturningTo('/app/home', 'redirect')).toBe('/?redirect=%2Fapp%2Fhome');
    expect(loginUrlReturningTo('/')).toBe('/');
  });

  it('sends a customer that has not accepted the required agreement to the agreement first', () => {
    const status = (agreementRequired: boolean, agreementStandard: boolean) =>
      ({ status: { customer: { agreementRequired, agreementStandard } } }) as never;
    expect(pathAfterLogin(status(true, false), '/app/orders')).toBe('/agreement?returnUrl=%2Fapp%2Forders');
    expect(pathAfterLogin(status(true, true), '/app/orders')).toBe('/app/orders');
    expect(pathAfterLogin(status(false, false), '/app/home')).toBe('/app/home');
  });
});
