import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

/**
 * Vite plugin: after the build, prints each JS and CSS chunk with its gzipped size, and the
 * total of what the login page loads first (the entry chunk, its static imports and CSS),
 * gzipped and as brotli (what the server sends a browser that accepts it, issue 7).
 * Budget: 200 kB gzipped (issue 2, "Performance").
 */
export function bundleReport(): Plugin {
  let logger: Logger | undefined;
  return {
    name: 'bundle-report',
    apply: 'build',
    configResolved(config) {
      logger = config.logger;
    },
    generateBundle(_options, bundle) {
      const sizes = new Map<string, number>();
      for (const [name, item] of Object.entries(bundle)) {
        const code = item.type === 'chunk' ? item.code : item.source;
        if (!/\.(js|css)$/.test(name)) continue;
        sizes.set(name, gzipSync(typeof code === 'string' ? code : Buffer.from(code)).length);
      }
      const entry = Object.values(bundle).find((item) => item.type === 'chunk' && item.isEntry);
      const first = new Set<string>();
      const visit = (name: string) => {
        if (first.has(name)) return;
        first.add(name);
        const item = bundle[name];
        if (item?.type === 'chunk') {
          for (const imported of item.imports) visit(imported);
          for (const css of item.viteMetadata?.importedCss ?? []) first.add(css);
        }
      };
      if (entry) visit(entry.fileName);
      const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
      const lines = [...sizes.entries()].sort((a, b) => b[1] - a[1]).map(([n, s]) => `  ${kb(s).padStart(9)}  ${n}`);
      const firstLoad = [...first].reduce((sum, n) => sum + (sizes.get(n) ?? 0), 0);
      const brotli = [...first].reduce((sum, n) => {
        const item = bundle[n];
        const code = item?.type === 'chunk' ? item.code : item?.source;
        return sum + (code === undefined ? 0 : brotliCompressSync(typeof code === 'string' ? code : Buffer.from(code)).length);
      }, 0);
      logger?.info(
        `\nBundle sizes (gzipped):\n${lines.join('\n')}\nFirst load of the login page: ${kb(firstLoad)} gzipped (budget 200 kB), ${kb(brotli)} brotli\n`,
      );
    },
  };
}
