/**
 * The language a page starts in (lib/start-locale.ts): a mailed link's `lang` first (issue 20: the
 * password and welcome pages opened in the host's language, not the recipient's), then the stored
 * choice, then the host's; a `lang` that is no portal locale counts for nothing.
 */
import { describe, expect, it } from 'vitest';
import { startLocale } from '../src/lib/start-locale';

describe('the starting language', () => {
  it('follows a link’s lang before the stored choice and the host', () => {
    expect(startLocale('portal.example.no', '?token=abc&lang=sv-SE', 'nb-NO')).toBe('sv-SE');
    expect(startLocale('localhost:3000', '?token=abc&lang=fi-FI', null)).toBe('fi-FI');
  });

  it('keeps the stored choice, else the host, without a lang of the portal', () => {
    expect(startLocale('portal.example.fi', '?token=abc', 'da-DK')).toBe('da-DK');
    expect(startLocale('portal.example.fi', '?token=abc', null)).toBe('fi-FI');
    for (const search of ['?lang=de-DE', '?lang=', '?lang=sv', '?lang=SV-SE', ''])
      expect(startLocale('portal.example.se', search, null), search).toBe('sv-SE');
  });
});
