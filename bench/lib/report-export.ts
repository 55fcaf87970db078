/**
 * bench/reports' Excel export measurement (issue 8): the period whose transactions report has about
 * a number of rows, and one export's memory in a fresh server (bench/reports/run.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { memoryOf, startPortal } from './portal-process.js';
import type { Seeded } from './report-databases.js';

/** The first day of a period ending today whose transactions report (global scope) has about `target` rows. */
export async function periodStartFor(s: Seeded, target: number, today: string): Promise<string> {
  const pool = new pg.Pool({ connectionString: s.url, max: 1 });
  try {
    const days = await pool.query<{ day: string; n: string }>(
      `SELECT booking_date::text AS day, count(*) AS n FROM ledger_entries WHERE booking_date <= $1::date
       GROUP BY 1 ORDER BY 1 DESC`,
      [today],
    );
    let total = 0;
    for (const d of days.rows) {
      total += Number(d.n);
      if (total >= target) return d.day;
    }
    return days.rows.at(-1)?.day ?? today;
  } finally {
    await pool.end();
  }
}

/** One measured export: its rows, the server's memory (MB) idle, at the peak and the growth, its seconds and file size (MB), the load average at its start. */
export interface ExportFigure {
  target: number;
  rows: number;
  idleMb: number;
  peakMb: number;
  growthMb: number;
  seconds: number;
  megabytes: number;
  load: number;
}

/**
 * One export of the transactions report (format=xlsx, as the global admin, `from` to `today`) in a
 * fresh server on `port`: idle = VmRSS after a small warm-up export, then the high-water mark
 * reset (/proc/<pid>/clear_refs) and peak = VmHWM during the measured one.
 */
export async function measureExport(s: Seeded, target: number, from: string, o: { port: number; today: string }): Promise<ExportFigure> {
  const { port, today } = o;
  const server = await startPortal(s.url, port);
  try {
    const token = await server.token(s.adminLogin);
    const get = (start: string) =>
      fetch(`${server.base}/api/Reports/transactions?from=${start}&to=${today}&format=xlsx`, {
        headers: { authorization: `Bearer ${token}` },
      });
    await (await get(today)).arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const pid = server.child.pid as number;
    const idle = memoryOf(pid, 'VmRSS');
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const startLoad = os.loadavg()[0] ?? 0;
    const started = performance.now();
    const response = await get(from);
    if (response.status !== 200) throw new Error(`export answered ${response.status}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    const seconds = (performance.now() - started) / 1000;
    const peak = memoryOf(pid, 'VmHWM');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    // Title, 7 filter rows, a blank row and the header above; the totals row below.
    const dataRows = (sheet?.rowCount ?? 0) - 10 - 1;
    const mb = (n: number) => n / 1024 / 1024;
    return {
      target,
      rows: dataRows,
      idleMb: mb(idle),
      peakMb: mb(peak),
      growthMb: mb(peak - idle),
      seconds,
      megabytes: mb(bytes.length),
      load: startLoad,
    };
  } finally {
    await server.stop();
  }
}
