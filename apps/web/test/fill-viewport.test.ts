import { describe, expect, it } from 'vitest';
import { fillViewportMin, PHONE_SHARE } from '../src/lib/use-fill-viewport';

describe('a grid sized to the window', () => {
  it('takes at least 70 % of a phone’s window, where the filters above it fill the first screen', () => {
    expect(PHONE_SHARE).toBe(0.7);
    expect(fillViewportMin(200, 844, true)).toBe(591);
    // A short window still gets the grid's own least height.
    expect(fillViewportMin(240, 300, true)).toBe(240);
  });

  it('keeps only its own least height on a wider screen (it fills what is left below the filters)', () => {
    expect(fillViewportMin(200, 800, false)).toBe(200);
  });
});
