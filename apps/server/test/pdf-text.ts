/**
 * Reads what a PDF written by pdfkit shows, for the API tests: the strings of its text
 * operators, one per line, in page order. Content streams are inflated when compressed
 * (FlateDecode); strings are decoded as WinAnsi (Windows-1252), the encoding of the standard
 * fonts. Not a general PDF parser: it reads what pdfkit writes (hex strings in TJ arrays).
 */
import zlib from 'node:zlib';

const winAnsi = new TextDecoder('windows-1252');
const decodeHex = (hex: string) => winAnsi.decode(Buffer.from(hex, 'hex'));

/** Each stream of the PDF: its dictionary and its (inflated) bytes. */
export function pdfStreams(pdf: Buffer): { dictionary: string; data: Buffer }[] {
  const raw = pdf.toString('latin1');
  const streams: { dictionary: string; data: Buffer }[] = [];
  const start = /<<((?:(?!>>\s*stream)[\s\S])*)>>\s*stream\r?\n/g;
  for (let match = start.exec(raw); match; match = start.exec(raw)) {
    const dictionary = match[1] ?? '';
    const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1] ?? Number.NaN);
    const from = match.index + match[0].length;
    const bytes = pdf.subarray(from, Number.isFinite(length) ? from + length : raw.indexOf('endstream', from));
    streams.push({ dictionary, data: dictionary.includes('/FlateDecode') ? zlib.inflateSync(bytes) : Buffer.from(bytes) });
  }
  return streams;
}

/** The text the PDF shows: one line per text operator (a wrapped paragraph gives several). */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const { dictionary, data } of pdfStreams(pdf)) {
    if (dictionary.includes('/Subtype /Image')) continue;
    const content = data.toString('latin1');
    for (const [, array] of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      lines.push([...(array ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map(([, hex]) => decodeHex(hex ?? '')).join(''));
    }
  }
  return lines.join('\n');
}
