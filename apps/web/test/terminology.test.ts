/**
 * One word for one thing in each language (issue 20): the Danish texts call a load carrier
 * "ladbærer" (not "ladebærer", "ladningsbærer" or "lastbærer" beside it), and the Finnish ones a
 * support case "tukipyyntö" / "pyyntö" (not "tapaus" beside it). Read over the web app's texts and
 * the server's messages (mails, PDFs, errors) of the language.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** Every text of `locale`: file and line for each line that matches `pattern`. */
function linesMatching(locale: string, pattern: RegExp): string[] {
  const dir = path.join(root, 'apps/web/src/i18n/locales', locale);
  const files = [
    ...fs.readdirSync(dir).map((name) => path.join(dir, name)),
    path.join(root, 'packages/domain/src/messages', `${locale}.json`),
  ];
  return files.flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`${path.relative(root, file)}:${index + 1}: ${line.trim()}`] : [])),
  );
}

describe('one term in each language', () => {
  it('Danish: ladbærer for a load carrier', () => {
    expect(linesMatching('da-DK', /ladebærer|ladningsbærer|lastbærer/i)).toEqual([]);
    expect(linesMatching('da-DK', /ladbærer/i).length).toBeGreaterThan(10);
  });

  it('Finnish: (tuki)pyyntö for a support case', () => {
    expect(linesMatching('fi-FI', /tapau/i)).toEqual([]);
  });
});
