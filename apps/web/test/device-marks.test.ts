import { beforeEach, describe, expect, it } from 'vitest';
import { deviceMarkFor, keepDeviceMark } from '../src/lib/device-marks';

/** Local storage as the browser keeps it: strings by key. */
function fakeStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe('the device marks a browser keeps (docs/domain.md, "Sign-in")', () => {
  beforeEach(() => {
    globalThis.localStorage = fakeStorage();
  });

  it('keeps one mark per user name, whatever its case, and replaces it with the next sign-in’s', () => {
    expect(deviceMarkFor('kari')).toBeUndefined();
    keepDeviceMark('Kari ', 'mark-1');
    expect(deviceMarkFor('kari')).toBe('mark-1');
    keepDeviceMark('kari', 'mark-2');
    expect(deviceMarkFor('KARI')).toBe('mark-2');
    expect(deviceMarkFor('ole')).toBeUndefined();
  });

  it('keeps the 5 user names signed in most recently', () => {
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f']) keepDeviceMark(name, `mark-${name}`);
    expect(deviceMarkFor('a')).toBeUndefined();
    expect(['b', 'c', 'd', 'e', 'f'].map(deviceMarkFor)).toEqual(['mark-b', 'mark-c', 'mark-d', 'mark-e', 'mark-f']);
  });

  it('reads a damaged store as empty', () => {
    localStorage.setItem('deviceMarks', '{not json');
    expect(deviceMarkFor('kari')).toBeUndefined();
    keepDeviceMark('kari', 'mark-1');
    expect(deviceMarkFor('kari')).toBe('mark-1');
  });
});
