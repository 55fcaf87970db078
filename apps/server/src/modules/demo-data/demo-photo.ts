/** The demo's support photo (support.ts, and the support tests' uploads). */
import { encodePng } from './png.js';

/** A small PNG "photo" (a brown-orange gradient, 40 x 30 px) made here, so no binary file is kept. */
export function demoPhoto(): Buffer {
  const width = 40;
  const height = 30;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) raw.set([150 + y * 3, 110 + x * 2, 60], row + 1 + x * 3);
  }
  return encodePng(width, height, 2, raw);
}
