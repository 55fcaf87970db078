/**
 * Lazy chunk loading (spec section 2: "Chunk loading times out after 120 s; a failed script or
 * stylesheet chunk gives a load error"; section 8: ChunkLoadError or CSS_CHUNK_LOAD_FAILED).
 */

/** Time a lazy chunk may take before it counts as failed (spec section 9). */
export const CHUNK_TIMEOUT_MS = 120_000;

/** A chunk that could not be loaded: a script, a stylesheet, or a time-out. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(
    message: string,
    readonly code: 'CHUNK_LOAD_FAILED' | 'CSS_CHUNK_LOAD_FAILED' | 'CHUNK_TIMEOUT' = 'CHUNK_LOAD_FAILED',
  ) {
    super(message);
  }
}

/** Whether an error comes from loading a chunk (Vite, webpack-style names, or a time-out). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError' || (error as { code?: string }).code === 'CSS_CHUNK_LOAD_FAILED') return true;
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported|Failed to load module script/i.test(
    error.message,
  );
}

/**
 * Runs a dynamic import and fails with `ChunkLoadError` after `CHUNK_TIMEOUT_MS` or when the
 * browser could not fetch the chunk, so route error boundaries can offer a reload.
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError(`Chunk did not load within ${timeoutMs / 1000} s`, 'CHUNK_TIMEOUT')), timeoutMs);
  });
  const chunk = load().catch((error: unknown) => {
    if (isChunkLoadError(error) && !(error instanceof ChunkLoadError)) {
      const css = error instanceof Error && /css/i.test(error.message);
      throw new ChunkLoadError((error as Error).message, css ? 'CSS_CHUNK_LOAD_FAILED' : 'CHUNK_LOAD_FAILED');
    }
    throw error;
  });
  return Promise.race([chunk, timeout]).finally(() => clearTimeout(timer));
}
