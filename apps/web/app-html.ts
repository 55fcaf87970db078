import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/** What the boot script needs to know: the initial actions and the portal's locales. */
export interface BootOptions {
  actions: readonly string[];
  locales: readonly string[];
}

/** The boot script's inputs known only once the bundle is written: each locale's start texts chunk. */
interface BootFiles {
  /** `/assets/texts-nb-NO-....js` per locale (the `startTexts` group of vite.config.ts). */
  texts: Record<string, string>;
}

/**
 * The boot script of app.html (a classic script of a few hundred bytes, before the entry and run
 * before it: its download, with the entry's, starts at once; cached for good like every file under
 * /assets/, it is no wait on later visits): on an /app page
 * with a stored token and a stored locale it sends the app's first call, POST Actions with the
 * same headers the API client would send (lib/api.ts), and leaves the promise on
 * `window.__portalBoot` for the app (lib/boot.ts), and preloads the start texts of that locale,
 * which the entry would otherwise ask for only once it has run. In a task of its own it then makes
 * a number and a date formatter of that locale: the first of either loads the browser's locale
 * data (about 90 ms on this machine, 350 ms at Lighthouse's 4x CPU slowdown), which the start
 * page's first render would otherwise wait for; here it runs while the entry is still on its way
 * (docs/performance.md). Without a stored locale the app's language
 * is decided by the host, so the app sends its own call. No inline script: the
 * Content-Security-Policy allows scripts from the portal's own files only.
 */
export function bootScript({ actions, locales }: BootOptions, { texts }: BootFiles): string {
  return `(function(){try{var t=localStorage.getItem('token'),l=localStorage.getItem('locale');
if(!t||!l||${JSON.stringify(locales)}.indexOf(l)<0||location.pathname.indexOf('/app')!==0)return;
var x=${JSON.stringify(texts)}[l];if(x){var k=document.createElement('link');k.rel='modulepreload';k.crossOrigin='';k.href=x;document.head.appendChild(k);}
window.__portalBoot={token:t,lang:l,calls:{Actions:fetch('/api/Actions',{method:'POST',credentials:'include',
headers:{Accept:'application/json',Authorization:'Bearer '+t,'Content-Type':'application/json','Accept-Language':l},
body:${JSON.stringify(JSON.stringify(actions))}})}};
setTimeout(function(){try{new Intl.NumberFormat(l).format(1);new Intl.DateTimeFormat(l).format(0);}catch(e){}},0);}catch(e){}})();
`;
}

/**
 * Vite plugin: writes `app.html`, the page the server sends for `/app` and every path under it
 * (apps/server/src/plugins/web-app.ts). It is index.html plus preload links for the lazy chunk
 * of the /app layout (`module`), the chunks it imports and its stylesheets, so a signed-in
 * user's browser fetches the shell while it still downloads and runs the entry, instead of
 * only after the router has asked for it (one round trip and the entry's run time less before
 * the first paint; docs/performance.md). The login page's index.html stays as it was.
 * The stylesheets are preloaded, not linked: they do not block the page, and Vite's loader
 * adds them when the chunk runs. It also loads the boot script (`bootScript`), which sends the
 * session's first call before the entry has arrived.
 */
export function appHtml(module: RegExp, boot: BootOptions): Plugin {
  return {
    name: 'app-html',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return;
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      const target = chunks.find((chunk) => chunk.moduleIds.some((id) => module.test(id)));
      if (!entry || !target) throw new Error(`app-html: no chunk holds a module matching ${module}`);

      // What index.html loads already: the entry and its static imports.
      const loaded = new Set<string>();
      const visit = (name: string, into: Set<string>) => {
        if (into.has(name) || (into !== loaded && loaded.has(name))) return;
        into.add(name);
        const chunk = bundle[name];
        if (chunk?.type === 'chunk') for (const imported of chunk.imports) visit(imported, into);
      };
      visit(entry.fileName, loaded);
      const scripts = new Set<string>();
      visit(target.fileName, scripts);
      const styles = new Set<string>();
      for (const name of scripts) {
        const chunk = bundle[name];
        if (chunk?.type === 'chunk') for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
      }

      const links = [
        ...[...scripts].map((name) => `<link rel="modulepreload" crossorigin href="/${name}">`),
        ...[...styles].map((name) => `<link rel="preload" as="style" crossorigin href="/${name}">`),
      ];
      const texts: Record<string, string> = {};
      for (const chunk of chunks) {
        const locale = /^texts-([a-z]{2}-[A-Z]{2})$/.exec(chunk.name)?.[1];
        if (locale) texts[locale] = `/${chunk.fileName}`;
      }
      const script = bootScript(boot, { texts });
      const bootFile = `assets/boot-${createHash('sha256').update(script).digest('hex').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName: bootFile, source: script });
      // The boot script first: it runs before the entry module, which runs only after parsing.
      const html = String(index.source)
        .replace('<script type="module"', `<script src="/${bootFile}"></script>\n    <script type="module"`)
        .replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
      this.emitFile({ type: 'asset', fileName: 'app.html', source: html });
    },
  };
}
