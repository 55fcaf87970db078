import type { Plugin } from 'vite';

/**
 * Vite plugin: writes `app.html`, the page the server sends for `/app` and every path under it
 * (apps/server/src/plugins/web-app.ts). It is index.html plus preload links for the lazy chunk
 * of the /app layout (`module`), the chunks it imports and its stylesheets, so a signed-in
 * user's browser fetches the shell while it still downloads and runs the entry, instead of
 * only after the router has asked for it (one round trip and the entry's run time less before
 * the first paint; docs/performance.md). The login page's index.html stays as it was.
 * The stylesheets are preloaded, not linked: they do not block the page, and Vite's loader
 * adds them when the chunk runs.
 */
export function appHtml(module: RegExp): Plugin {
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
      const html = String(index.source).replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
      this.emitFile({ type: 'asset', fileName: 'app.html', source: html });
    },
  };
}
