import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, loadChunk } from '../src/lib/chunk-load';

describe('loading a screen chunk', () => {
  it('recognises failed script and stylesheet chunks', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error('x'), { code: 'CSS_CHUNK_LOAD_FAILED' }))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('turns a failed import into a ChunkLoadError and passes other errors on', async () => {
    await expect(loadChunk(() => Promise.reject(new Error('Unable to preload CSS for /a.css')))).rejects.toMatchObject({
      name: 'ChunkLoadError',
      code: 'CSS_CHUNK_LOAD_FAILED',
    });
    await expect(loadChunk(() => Promise.reject(new RangeError('bug')))).rejects.toBeInstanceOf(RangeError);
  });

  it('gives up after the time-out', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise(() => undefined), 120_000);
    const check = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(120_000);
    await check;
    vi.useRealTimers();
  });
});
