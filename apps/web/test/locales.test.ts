/**
 * Every user-visible string exists in all five locales: the web app's namespaces and the
 * server's messages catalogue have the same keys in nb-NO, sv-SE, da-DK, fi-FI and en-US,
 * none of them empty, and the same {{placeholders}} in each translation.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const locales = ['nb-NO', 'sv-SE', 'da-DK', 'fi-FI', 'en-US'] as const;
const root = path.resolve(import.meta.dirname, '../../..');
const webDir = path.join(root, 'apps/web/src/i18n/locales');
const messagesDir = path.join(root, 'packages/domain/src/messages');

type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}
const read = (file: string) => flatten(JSON.parse(fs.readFileSync(file, 'utf8')) as Tree);
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

const catalogues: [string, (locale: string) => string][] = [
  ['messages', (l) => path.join(messagesDir, `${l}.json`)],
  ...fs
    .readdirSync(path.join(webDir, 'en-US'))
    .map((file) => [file, (l: string) => path.join(webDir, l, file)] as [string, (l: string) => string]),
];

describe.each(catalogues)('%s', (_name, fileOf) => {
  const english = read(fileOf('en-US'));
  it.each(locales)('%s has every key, none empty, with the same placeholders', (locale) => {
    const strings = read(fileOf(locale));
    expect([...strings.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of strings) {
      expect(text.trim(), `${locale} ${key}`).not.toBe('');
      expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(english.get(key) ?? ''));
    }
  });
});
