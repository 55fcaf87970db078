/**
 * Signature drawings of the demo's pallet receipts (issue 11; docs/pallet-receipts.md): small
 * valid PNGs drawn without a canvas, so the seed and the tests need no image library.
 */
import zlib from 'node:zlib';
import type { Rng } from './random.js';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 of PNG chunks (PNG specification, annex D). */
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A small signature-like drawing as a PNG (240 x 80, 8-bit grey): a few strokes of a wave whose
 * shape comes from `rng`, dark on white. Valid PNG: signature bytes, IHDR, IDAT (zlib), IEND.
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
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // bit depth 8, colour type 0 (grey), deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
