/**
 * The production build as the browser loads it (issue 7, "Speed a user feels"): the login
 * page's first load holds only what the login page draws, every text file has a brotli and a
 * gzip copy for the server to send, and `app.html` (the page of /app paths) preloads the
 * shell. Builds the web app in memory with its own vite.config.ts.
 */
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { initialActions } from '../src/features/session/initial-actions';
import { locales } from '../src/lib/domain-locale';

type Output = Rolldown.OutputChunk | Rolldown.OutputAsset;

const root = path.resolve(import.meta.dirname, '..');
let files: Map<string, Output>;

/** The chunks index.html loads before anything else: its script and that script's static imports. */
function firstLoad(html: string): Rolldown.OutputChunk[] {
  const entry = /<script type="module" crossorigin src="\/([^"]+)"/.exec(html)?.[1];
  const seen = new Map<string, Rolldown.OutputChunk>();
  const visit = (name: string) => {
    const chunk = files.get(name);
    if (seen.has(name) || chunk?.type !== 'chunk') return;
    seen.set(name, chunk);
    for (const imported of chunk.imports) visit(imported);
  };
  if (entry) visit(entry);
  return [...seen.values()];
}

const text = (name: string) => {
  const file = files.get(name);
  if (!file) throw new Error(`${name} was not built`);
  return file.type === 'chunk' ? file.code : String(file.source);
};

describe('the web build', () => {
  beforeAll(async () => {
    const result = await build({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'silent',
      build: { write: false, outDir: path.join(root, 'dist-test') },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
    files = new Map(outputs.flatMap((output) => output.output.map((file) => [file.fileName, file] as [string, Output])));
  }, 180_000);

  it('keeps out of the login page what it does not draw: the shell, other screens, the calculators, charts, dates, dayjs, zod, unused icons', () => {
    const modules = firstLoad(text('index.html')).flatMap((chunk) => chunk.moduleIds);
    expect(modules.some((id) => id.includes('features/public/login-page'))).toBe(true);
    const unwanted = [
      /src[\\/]app[\\/]shell[\\/]/,
      // The route tables of the features are in the entry; their screens are not.
      /src[\\/]features[\\/](orders|home|gdpr)[\\/](?!routes\.tsx$)/,
      // The public calculators are lazy screens; charts load with the start page's widget only.
      /src[\\/]features[\\/]public[\\/]calculators[\\/]/,
      /node_modules[\\/](@mantine[\\/]charts|recharts)[\\/]/,
      /node_modules[\\/]@mantine[\\/](dates|notifications|modals)[\\/]/,
      /node_modules[\\/]dayjs[\\/]/,
      /node_modules[\\/]zod[\\/]/,
      /node_modules[\\/]@floating-ui[\\/]/,
      // Messages' Markdown renderer loads with the screens that show a message (docs/messages.md).
      /node_modules[\\/](react-markdown|micromark|mdast-util-[\w-]+|remark-[\w-]+)[\\/]/,
    ];
    for (const pattern of unwanted)
      expect(
        modules.filter((id) => pattern.test(id)),
        String(pattern),
      ).toEqual([]);
    const icons = modules
      .filter((id) => /icons-react[\\/].*[\\/]icons[\\/]Icon/.test(id))
      .map((id) => path.basename(id).replace(/\..*$/, ''));
    // The icons of the login page, the public layout and the language picker.
    expect(icons.length).toBeLessThanOrEqual(6);
  });

  it('draws the start page before its chart library: @mantine/charts and recharts are a chunk of their own', () => {
    const chunks = [...files.values()].filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
    const home = chunks.find((chunk) => chunk.moduleIds.some((id) => /features[\\/]home[\\/]home-page\.tsx$/.test(id)));
    const chart = chunks.find((chunk) => chunk.moduleIds.some((id) => /features[\\/]home[\\/]environment-chart\.tsx$/.test(id)));
    expect(home).toBeDefined();
    expect(chart).toBeDefined();
    expect(home?.fileName).not.toBe(chart?.fileName);
    expect(home?.moduleIds.filter((id) => /node_modules[\\/](@mantine[\\/]charts|recharts)[\\/]/.test(id))).toEqual([]);
    expect(home?.imports).not.toContain(chart?.fileName);
  });

  it('writes a brotli and a gzip copy of every script, stylesheet and page', () => {
    const texts = [...files.keys()].filter((name) => /\.(js|css|html)$/.test(name));
    expect(texts.length).toBeGreaterThan(20);
    for (const name of texts) {
      const plain = text(name);
      const br = files.get(`${name}.br`);
      const gz = files.get(`${name}.gz`);
      // A copy that would not be smaller is left out (a few tiny chunks); the server sends the file.
      if (!br || !gz) {
        expect(Buffer.byteLength(plain), name).toBeLessThan(300);
        continue;
      }
      expect(br.type === 'asset' && brotliDecompressSync(br.source as Uint8Array).toString(), name).toBe(plain);
      expect(gz.type === 'asset' && gunzipSync(gz.source as Uint8Array).toString(), name).toBe(plain);
    }
  });

  it('makes app.html: index.html plus the boot script and preloads of the shell and its stylesheet; index.html has none', () => {
    const index = text('index.html');
    const app = text('app.html');
    const shell = [...files.values()].find(
      (file): file is Rolldown.OutputChunk =>
        file.type === 'chunk' && file.moduleIds.some((id) => /app[\\/]shell[\\/]app-layout\.tsx$/.test(id)),
    );
    expect(shell).toBeDefined();
    expect(app).toContain(`<link rel="modulepreload" crossorigin href="/${shell?.fileName}">`);
    for (const css of shell?.viteMetadata?.importedCss ?? [])
      expect(app).toContain(`<link rel="preload" as="style" crossorigin href="/${css}">`);
    expect(index).not.toContain(shell?.fileName);
    const withoutPreloads = app
      .split('\n')
      .filter(
        (line) =>
          !line.includes('rel="modulepreload" crossorigin href="/assets/app-shell') &&
          !line.includes('rel="preload" as="style"') &&
          !line.includes('<script src="/assets/boot-'),
      )
      .join('\n');
    expect(withoutPreloads).toBe(index);
  });

  it("gives app.html a boot script, run before the entry, that sends the app's own first call and preloads each locale's start texts", () => {
    const app = text('app.html');
    const boot = /<script src="\/(assets\/boot-[0-9a-f]{8}\.js)"><\/script>/.exec(app)?.[1];
    expect(boot).toBeDefined();
    expect(app.indexOf(`/${boot}`)).toBeLessThan(app.indexOf('<script type="module"'));
    const script = text(boot as string);
    expect(script).toContain(JSON.stringify(JSON.stringify(initialActions)));
    for (const locale of locales) {
      const texts = [...files.values()].find((file) => file.type === 'chunk' && file.name === `texts-${locale}`);
      expect(script).toContain(`"${locale}":"/${texts?.fileName}"`);
    }
    expect(text('index.html')).not.toContain('boot-');
  });

  it("keeps off the start page's first load what it does not draw: the full Mantine stylesheet, the dialogs, the chart, the shell's popups", () => {
    const chunks = [...files.values()].filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
    const shell = chunks.find((chunk) => chunk.moduleIds.some((id) => /app[\\/]shell[\\/]app-layout\.tsx$/.test(id)));
    const home = chunks.find((chunk) => chunk.moduleIds.some((id) => /features[\\/]home[\\/]home-page\.tsx$/.test(id)));
    expect(shell).toBeDefined();
    expect(home).toBeDefined();
    // The chunks the start page loads before it draws: the entry's, the shell's and the page's static imports.
    const seen = new Map<string, Rolldown.OutputChunk>();
    const visit = (name: string) => {
      const chunk = files.get(name);
      if (seen.has(name) || chunk?.type !== 'chunk') return;
      seen.set(name, chunk);
      for (const imported of chunk.imports) visit(imported);
    };
    for (const name of [...firstLoad(text('index.html')).map((c) => c.fileName), shell?.fileName, home?.fileName]) if (name) visit(name);
    const modules = [...seen.values()].flatMap((chunk) => chunk.moduleIds);
    const unwanted = [
      /@mantine[\\/]core[\\/]styles\.layer\.css$/,
      /@mantine[\\/]dates[\\/]styles\.layer\.css$/,
      /app[\\/]shell[\\/](switch|profile)-dialog\.tsx$/,
      /features[\\/]home[\\/]environment-chart\.tsx$/,
      /node_modules[\\/](@mantine[\\/]charts|recharts)[\\/]/,
      /node_modules[\\/](react-markdown|micromark|mdast-util-[\w-]+|remark-[\w-]+)[\\/]/,
      // The shell's popups load on first use (app/shell/shell-popups.ts): the menu's dropdown, the
      // alerts' popup, the help tooltip, the must-read dialog and the toasts, with what they need.
      /app[\\/]shell[\\/](popups|user-menu-popup|alerts-popover|help-tooltip|must-read-modal)\.tsx$/,
      /app[\\/]toasts-container\.tsx$/,
      /@mantine[\\/]core[\\/].*[\\/](Menu|Popover|Tooltip|Modal)\.m?js$/,
      /node_modules[\\/](@floating-ui|react-transition-group|react-remove-scroll)[\\/]/,
      /node_modules[\\/]@mantine[\\/](notifications[\\/].*Notifications\.m?js|modals)/,
    ];
    for (const pattern of unwanted)
      expect(
        modules.filter((id) => pattern.test(id)),
        String(pattern),
      ).toEqual([]);
    // The popups are one chunk of their own, loaded on first use.
    const popups = chunks.find((chunk) => chunk.moduleIds.some((id) => /app[\\/]shell[\\/]popups\.tsx$/.test(id)));
    expect(popups?.isDynamicEntry).toBe(true);
    // Its stylesheets: the entry's and those of the shell's and the page's own components (about
    // 110 kB as built, 15 kB brotli), not Mantine's full stylesheet (275 kB, every other /app screen's).
    const css = new Set([...seen.values()].flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]));
    const full = [...files.keys()].filter((name) => /^assets[\\/]full-styles-[\w-]+\.css$/.test(name));
    expect(full).toHaveLength(1);
    for (const name of full) expect(css.has(name), name).toBe(false);
    expect([...css].reduce((sum, name) => sum + Buffer.byteLength(text(name)), 0)).toBeLessThan(150_000);
  });
});
