/**
 * Text for the PDF's standard fonts. Helvetica in a PDF without embedded fonts is written in
 * WinAnsi (Windows-1252): it has æ ø å ä ö é ü, Š š Ž ž, € and the typographic quotes and
 * dashes, but nothing beyond. pdfkit writes any other character as a broken glyph code, so
 * everything printed goes through `toWinAnsi` first.
 */

/** The characters of Windows-1252 outside Latin-1 (bytes 0x80-0x9f). */
const beyondLatin1 = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Letters without a decomposition that have a plain Latin stand-in. */
const standIns: Record<string, string> = { ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ı: 'i', ŋ: 'ng', Ŋ: 'NG', ſ: 's' };

const printable = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || beyondLatin1.has(char);
};

/**
 * `text` with every character WinAnsi lacks replaced: Unicode spaces (the narrow no-break space
 * Intl puts in "10:30 AM") by a space, hyphens and the minus sign by "-", accented letters by
 * their base letter ("ő" -> "o"), anything else by "?". Line breaks stay; other control
 * characters go.
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text) {
    if (char === '\n' || printable(char)) out += char;
    else if (/[\u2000-\u200a\u202f\u205f\u3000\t]/.test(char)) out += ' ';
    else if (/[\u2010-\u2012\u2212]/.test(char)) out += '-';
    // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping control characters is the point
    else if (/[\u0000-\u001f\u007f-\u009f\u200b-\u200d\u2060\ufeff]/.test(char)) continue;
    else {
      const base = standIns[char] ?? char.normalize('NFD').replace(/\p{M}/gu, '');
      out += base && [...base].every(printable) ? base : '?';
    }
  }
  return out;
}
