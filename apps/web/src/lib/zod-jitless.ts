/**
 * Zod without its compiled fast path in the browser. Zod 4 builds object parsers with
 * `new Function` and first probes whether that is allowed; under the portal's
 * Content-Security-Policy (no 'unsafe-eval'; apps/server/src/plugins/security-headers.ts) the
 * probe is refused and the browser reports a violation on every page that parses a schema.
 * Zod's `jitless` setting skips both (the parse result is the same).
 *
 * Zod keeps its settings (`z.config`) in `globalThis.__zod_globalConfig` and takes an object
 * found there when it loads; setting it here, before the schema chunks load, costs the login
 * page nothing, where importing `config` from `zod/v4/core` would add 3.6 kB (gzip) to its
 * first load. The journey e2e/tests/content-security-policy.spec.ts fails if a Zod update
 * stops reading it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
