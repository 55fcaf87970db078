#!/usr/bin/env node
/**
 * `npm run build -w apps/server`: compiles the server ahead of time to plain JavaScript in
 * `dist/`, started with `node dist/main.js` (docs/operations.md, "Build and start").
 *
 * - esbuild bundles `src/main.ts` and the workspace's own `@portal/domain` (shipped as
 *   TypeScript), as ES modules for Node.js 20.19; every other package stays an import of
 *   node_modules, as installed.
 * - Code splitting: what main.ts imports only when it needs it (the demo data loader with
 *   @faker-js/faker, the PDF and Excel writers) is a chunk of its own, loaded on first use.
 * - Chunks sit beside main.js, so `import.meta.dirname` is `dist/` in every one of them: the
 *   migrations and the postal registers are copied to `dist/migrations` and `dist/postal-data`,
 *   where db/client.ts and db/postal-registers.ts look (from `src/db/` they find their own), and
 *   config.ts finds the web app at `../../web/dist` from `src/` and `dist/` alike.
 * - No type check here (esbuild strips types): `npm run typecheck` does that.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = import.meta.dirname;
const dist = path.join(root, 'dist');

/** Bare imports stay external, except the workspace package shipped as TypeScript. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path === '@portal/domain' || args.path.startsWith('@portal/domain/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * Fails the build when what `node dist/main.js` loads at start (main.js and the chunks it imports
 * statically; not what it imports with `import()`) needs a package outside the production
 * dependencies of this package and of @portal/domain: `npm ci --omit=dev` would not install it.
 */
function checkStartImports(metafile) {
  const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
  const production = new Set(
    [readJson(path.join(root, 'package.json')), readJson(path.join(root, '../../packages/domain/package.json'))].flatMap((pkg) =>
      Object.keys(pkg.dependencies ?? {}),
    ),
  );
  const packageOf = (specifier) =>
    specifier
      .split('/')
      .slice(0, specifier.startsWith('@') ? 2 : 1)
      .join('/');
  const seen = new Set();
  const missing = new Set();
  const visit = (output) => {
    if (seen.has(output)) return;
    seen.add(output);
    for (const imported of metafile.outputs[output]?.imports ?? []) {
      if (imported.kind !== 'import-statement') continue;
      if (!imported.external) visit(imported.path);
      else if (!imported.path.startsWith('node:') && !production.has(packageOf(imported.path))) missing.add(imported.path);
    }
  };
  visit(path.relative(root, path.join(dist, 'main.js')));
  if (missing.size) throw new Error(`The server's start imports packages that are not production dependencies: ${[...missing].join(', ')}`);
}

fs.rmSync(dist, { recursive: true, force: true });
const started = Date.now();
const result = await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/main.ts' },
  outdir: dist,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  chunkNames: '[name]-[hash]',
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});
checkStartImports(result.metafile);
fs.cpSync(path.join(root, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
fs.cpSync(path.join(root, 'src/db/postal-data'), path.join(dist, 'postal-data'), { recursive: true });
const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .reduce((sum, [, output]) => sum + output.bytes, 0);
console.log(
  `Server built to ${path.relative(process.cwd(), dist) || '.'} (${(bytes / 1024).toFixed(0)} KiB of JavaScript, ${Date.now() - started} ms)`,
);
