import { describe, expect, it } from 'vitest';
import { parseTrustProxy, readConfig } from '../src/config.js';

describe('TRUST_PROXY', () => {
  it('is off by default: no client address is taken from X-Forwarded-For', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
  });

  it('takes the proxies’ addresses, CIDR ranges and proxy-addr names', () => {
    expect(parseTrustProxy('10.0.0.5, 10.1.0.0/16,fd00::/8 ,loopback')).toEqual(['10.0.0.5', '10.1.0.0/16', 'fd00::/8', 'loopback']);
  });

  it('refuses `true`, hop counts and entries that are no address, with a message naming the setting', () => {
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('1')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('10.0.0.5,proxy.example.no')).toThrow(/proxy\.example\.no/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
  });
});
