/**
 * What a file really is, told by its first bytes (its "magic number"), never by its name or
 * the type the browser declared (spec section 5: attachments are PDF, JPG, PNG or GIF).
 */
import type { AttachmentMimeType, EvidenceMimeType } from '@portal/domain';

const signatures: { mime: AttachmentMimeType; bytes: number[] }[] = [
  { mime: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { mime: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { mime: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38, 0x37, 0x61] }, // GIF87a
  { mime: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61] }, // GIF89a
];

/** The file's type from its first bytes, or null when it is none of PDF, JPG, PNG, GIF. */
export function detectFileType(data: Uint8Array): AttachmentMimeType | null {
  for (const { mime, bytes } of signatures) {
    if (data.length >= bytes.length && bytes.every((b, i) => data[i] === b)) return mime;
  }
  return null;
}

const extensions: Record<EvidenceMimeType, string> = {
  'application/pdf': '.pdf',
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/gif': '.gif',
  'image/webp': '.webp',
};

/**
 * A safe file name to store and offer for download: no folders, no control characters, at
 * most 200 characters, ending in the extension of the detected type (a PNG sent as
 * "scan.pdf" is stored as "scan.pdf.png").
 */
export function safeFileName(name: string | undefined, mime: EvidenceMimeType): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((ch) => ch.charCodeAt(0) > 0x1f && ch !== '\u007f' && ch !== '"').join('');
  let clean = printable.trim().slice(0, 200) || 'file';
  const ext = extensions[mime];
  const lower = clean.toLowerCase();
  const matches = mime === 'image/jpeg' ? lower.endsWith('.jpg') || lower.endsWith('.jpeg') : lower.endsWith(ext);
  if (!matches) clean = `${clean.slice(0, 200 - ext.length)}${ext}`;
  return clean;
}

/** A Content-Disposition header for a stored file name (RFC 6266, UTF-8 names with filename*). */
export function contentDisposition(fileName: string, inline: boolean): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * An image's type from its first bytes: PNG, JPEG, GIF (as `detectFileType`) or WebP (a RIFF
 * container whose form type is "WEBP"), or null for anything else (company logos; spec section 5,
 * "Logo must be an image file").
 */
export function detectImageType(data: Uint8Array): 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | null {
  const riff = [0x52, 0x49, 0x46, 0x46]; // RIFF
  const webp = [0x57, 0x45, 0x42, 0x50]; // WEBP, at offset 8
  if (data.length >= 12 && riff.every((b, i) => data[i] === b) && webp.every((b, i) => data[8 + i] === b)) return 'image/webp';
  const type = detectFileType(data);
  return type === 'application/pdf' ? null : type;
}

/**
 * A dispute's evidence's type from its first bytes (issue 22: photos and PDFs): PDF, PNG, JPEG,
 * GIF or WebP, or null for anything else (HEIC is not told: a phone's HEIC photo is refused).
 */
export function detectEvidenceType(data: Uint8Array): EvidenceMimeType | null {
  return detectImageType(data) ?? detectFileType(data);
}
