import { describe, expect, it } from 'vitest';
import { stockLevelCrossing, stockLevelState } from '../src/stock-level.js';

describe('stock levels', () => {
  it('a balance is below under the lower level, above over the upper one, and within otherwise (a level equal counts within)', () => {
    expect(stockLevelState(99, 100, 500)).toBe('below');
    expect(stockLevelState(100, 100, 500)).toBe('within');
    expect(stockLevelState(500, 100, 500)).toBe('within');
    expect(stockLevelState(501, 100, 500)).toBe('above');
    expect(stockLevelState(-30, null, 500)).toBe('within');
    expect(stockLevelState(10_000, 100, null)).toBe('within');
    expect(stockLevelState(0, null, null)).toBe('within');
  });

  it('moving past a level is a crossing to mail; staying past it or returning within is none', () => {
    expect(stockLevelCrossing('within', 'below')).toBe('below');
    expect(stockLevelCrossing('within', 'above')).toBe('above');
    expect(stockLevelCrossing('below', 'above')).toBe('above');
    expect(stockLevelCrossing('above', 'below')).toBe('below');
    expect(stockLevelCrossing('below', 'below')).toBeNull();
    expect(stockLevelCrossing('above', 'above')).toBeNull();
    expect(stockLevelCrossing('below', 'within')).toBeNull();
    expect(stockLevelCrossing('within', 'within')).toBeNull();
  });
});
