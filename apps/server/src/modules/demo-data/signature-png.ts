/**
 * Signature drawings of the demo's pallet receipts (issue 11; docs/pallet-receipts.md): small
 * valid PNGs drawn without a canvas (png.ts), so the seed and the tests need no image library.
 */
import { encodePng } from './png.js';
import type { Rng } from './random.js';

/**
 * A small signature-like drawing as a PNG (240 x 80, 8-bit grey): a few strokes of a wave whose
 * shape comes from `rng`, dark on white.
 */
export function signaturePng(rng: Rng): Buffer {
  const width = 240;
  const height = 80;
  const pixels = Buffer.alloc((width + 1) * height, 0xff);
  for (let y = 0; y < height; y++) pixels[y * (width + 1)] = 0; // filter type None per row
  const loops = rng.int(2, 4);
  const amplitude = rng.int(14, 26);
  const phase = rng.int(0, 628) / 100;
  for (let x = 12; x < width - 12; x++) {
    const t = (x - 12) / (width - 24);
    const y = Math.round(height / 2 + amplitude * Math.sin(t * loops * 2 * Math.PI + phase) * (1 - 0.5 * t));
    for (let dy = -1; dy <= 1; dy++) {
      const row = y + dy;
      if (row >= 0 && row < height) pixels[row * (width + 1) + 1 + x] = 0x1b;
    }
  }
  return encodePng(width, height, 0, pixels);
}
