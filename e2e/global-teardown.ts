import fs from 'node:fs';

/** Removes the run's PGlite data directory (about 135 MB) and its mailbox once the server has stopped. */
export default async function globalTeardown(): Promise<void> {
  const dir = process.env.PORTAL_E2E_DATA_DIR;
  if (dir?.includes('portal-e2e-')) fs.rmSync(dir, { recursive: true, force: true });
  const mail = process.env.PORTAL_E2E_MAIL_FILE;
  if (mail?.includes('portal-e2e-')) fs.rmSync(mail, { force: true });
}
