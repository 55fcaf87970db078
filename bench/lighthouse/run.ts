/**
 * bench/lighthouse: what a user on a phone feels when the portal opens. Builds the web app,
 * starts the portal on a fresh PGlite data directory with the demo data (a temporary
 * directory, removed at the end), and runs Lighthouse (performance only, its default mobile
 * emulation and simulated slow 4G) in Debian's Chromium on two pages:
 * - the login page (`/`), signed out;
 * - kari's start page (`/app/home`): kari signs in through `POST /api/Login`, and what the
 *   login page keeps in localStorage after a sign-in is put there before the page loads: the
 *   token (`token`) and her language from the answer (`locale`; `--no-locale` leaves it out,
 *   as before 2026-11-28, when the login page did not keep it yet).
 * Each page is measured `--runs` times from a cold start: Lighthouse clears the browser's
 * cache, and localStorage is emptied with only those put back.
 * The median run by score is printed with its first contentful paint, largest contentful
 * paint, total blocking time, wire weight (the bytes transferred, compressed as sent) and
 * Lighthouse's benchmark index of the machine at that run (its CPU speed: a busy machine
 * scores lower, as Lighthouse scales the CPU time it observes by 4), with the load average.
 * Exits 1 when a median score is below the target (0.95, issue 7).
 *
 * With `--url`, it measures a portal that is already running there instead (with the demo
 * users; nothing is built or seeded), e.g. an older version for a before/after comparison.
 *
 * Usage: npm run lighthouse -w bench -- [--runs 3] [--pages login,home] [--no-build]
 *        [--url http://localhost:3000] [--chromium /usr/bin/chromium] [--target 0.95]
 *        [--reports <dir>: writes each run's Lighthouse report as JSON there]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '@portal/server/src/app.js';
import { readConfig } from '@portal/server/src/config.js';
import { seedDemoData } from '@portal/server/src/modules/demo-data/seed-demo-data.js';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { openBenchDatabase } from '../lib/database.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: 'login,home' },
    'no-build': { type: 'boolean', default: false },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    target: { type: 'string', default: '0.95' },
    reports: { type: 'string' },
    url: { type: 'string' },
    'no-locale': { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(values.runs));
const target = Number(values.target);
const root = path.resolve(import.meta.dirname, '../..');

/** One Lighthouse run's figures: score 0-1, times in ms, weight in bytes. */
interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  bytes: number;
  requests: number;
  /** Lighthouse's benchmark index of the machine during the run (higher: faster CPU). */
  benchmark: number;
}

if (!values['no-build'] && !values.url) {
  console.log('Building the web app...');
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'ignore' });
}

/** The portal under test: its origin and how to stop it. */
async function startPortal(): Promise<{ origin: string; stop: () => Promise<void> }> {
  if (values.url) return { origin: new URL(values.url).origin, stop: async () => {} };
  console.log('Seeding the demo data in a temporary PGlite directory...');
  const { database, cleanup } = await openBenchDatabase('pglite', 'bench_lighthouse', '', 1);
  try {
    await seedDemoData(database.db);
    const app = await buildApp({ db: database.db, config: { ...readConfig({}), port: 0 } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const stop = async () => {
      await app.close();
      await database.close();
      await cleanup();
    };
    return { origin: `http://localhost:${typeof address === 'object' && address ? address.port : 0}`, stop };
  } catch (error) {
    await database.close();
    await cleanup();
    throw error;
  }
}

const portal = await startPortal();
const chrome = { current: null as chromeLauncher.LaunchedChrome | null };
let failed = false;
let version = '';
try {
  const { origin } = portal;

  const login = await fetch(`${origin}/api/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userLoginName: 'kari', password: 'demo1234' }),
  });
  if (!login.ok) throw new Error(`kari's sign-in answered ${login.status}`);
  const signIn = (await login.json()) as { data: { token: string; status: { language: string } } };
  const { token } = signIn.data;
  // What the login page keeps after a sign-in (features/public/login-page.tsx: rememberLocale).
  const locale = values['no-locale'] ? null : signIn.data.status.language;

  chrome.current = await chromeLauncher.launch({
    chromePath: values.chromium,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.current.port}`, defaultViewport: null });

  /** Runs Lighthouse once on `url` in a new tab, with kari's token in localStorage when `signedIn`. */
  async function measure(url: string, signedIn: boolean, label: string): Promise<Figures> {
    const page = await browser.newPage();
    try {
      // A same-origin page to reach localStorage; Lighthouse then clears the cache, not localStorage.
      await page.goto(`${origin}/version.json`);
      // Each run starts from empty storage, signed in (token and language, as after the login page) or not.
      await page.evaluate(
        (value, language) => {
          localStorage.clear();
          if (value) localStorage.setItem('token', value);
          if (value && language) localStorage.setItem('locale', language);
        },
        signedIn ? token : null,
        locale,
      );
      const result = await lighthouse(url, { logLevel: 'error', output: 'json', onlyCategories: ['performance'] }, undefined, page);
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const { lhr } = result;
      if (values.reports) {
        fs.mkdirSync(values.reports, { recursive: true });
        fs.writeFileSync(path.join(values.reports, `${label}.json`), JSON.stringify(lhr, null, 1));
      }
      version = lhr.lighthouseVersion;
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
      if (signedIn && !lhr.finalDisplayedUrl.includes('/app/home'))
        throw new Error(`Landed on ${lhr.finalDisplayedUrl}, not the start page`);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const requests = (lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items?.length ?? 0;
      return {
        score: lhr.categories.performance?.score ?? 0,
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        bytes: audit('total-byte-weight'),
        requests,
        benchmark: lhr.environment.benchmarkIndex,
      };
    } finally {
      await page.close();
    }
  }

  const wanted = values.pages.split(',');
  const pages = [
    { name: 'login page (/)', key: 'login', url: `${origin}/`, signedIn: false },
    { name: "kari's start page (/app/home)", key: 'home', url: `${origin}/app/home`, signedIn: true },
  ].filter((page) => wanted.includes(page.key));
  const rows: { name: string; median: Figures; scores: number[] }[] = [];
  for (const { name, key, url, signedIn } of pages) {
    const all: Figures[] = [];
    for (let i = 0; i < runs; i++) {
      const figures = await measure(url, signedIn, `${key}-${i + 1}`);
      const load = os.loadavg()[0]?.toFixed(1);
      console.log(
        `  ${name} run ${i + 1}: score ${figures.score.toFixed(2)}, FCP ${(figures.fcp / 1000).toFixed(2)} s, benchmark index ${figures.benchmark.toFixed(0)}, load ${load}`,
      );
      all.push(figures);
    }
    const sorted = [...all].sort((a, b) => a.score - b.score || b.fcp - a.fcp);
    rows.push({ name, median: sorted[Math.floor(sorted.length / 2)] as Figures, scores: all.map((f) => f.score) });
  }
  await browser.disconnect();

  console.log(`\nLighthouse ${version} (mobile, simulated throttling), median of ${runs} run(s):\n`);
  console.log('| page | score | FCP s | LCP s | TBT ms | wire kB | requests | benchmark index | all scores |');
  console.log('| ---- | ----: | ----: | ----: | -----: | ------: | -------: | --------------: | ---------- |');
  for (const { name, median: m, scores } of rows) {
    const s = (ms: number) => (ms / 1000).toFixed(2);
    console.log(
      `| ${name} | ${m.score.toFixed(2)} | ${s(m.fcp)} | ${s(m.lcp)} | ${m.tbt.toFixed(0)} | ${(m.bytes / 1024).toFixed(1)} | ${m.requests} | ${m.benchmark.toFixed(0)} | ${scores.map((x) => x.toFixed(2)).join(', ')} |`,
    );
    if (m.score < target) failed = true;
  }
  console.log(failed ? `\nBelow the target of ${target}.` : `\nEvery page meets the target of ${target}.`);
} finally {
  if (chrome.current) chrome.current.kill();
  await portal.stop();
}
process.exit(failed ? 1 : 0);
