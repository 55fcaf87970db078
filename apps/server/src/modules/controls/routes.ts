/** Controls (issue 10; docs/api.md, "Controls"): GET Controls, the portal's health for provider staff. */
import { ZControls } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { requireAuth } from '../../plugins/auth.js';
import { ok, typed } from '../http.js';
import { readSchedulerConfig } from '../scheduled/scheduler.js';
import { type ControlsSettings, getControls } from './get-controls.js';

export async function controlsRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const r = typed(app);
  const scheduler = readSchedulerConfig();
  const settings: ControlsSettings = {
    version: config.version,
    build: config.build,
    startedAt: new Date(),
    smtpConfigured: config.smtpUrl !== null,
    scheduler: { enabled: scheduler.enabled, intervalMinutes: scheduler.intervalMinutes },
  };
  r.get(
    '/Controls',
    {
      schema: {
        tags: ['controls'],
        summary:
          'The portal’s health (provider staff only, else 403): version and build, database kind and size (bytes), the scheduler’s last run, the invoicing job (last month done, failing customers), the mail outbox (waiting, retrying, failed) and the order longest waiting for automatic commit (status 11)',
        response: { 200: ok(ZControls) },
      },
    },
    async (request) => ({ data: await getControls(app.db, requireAuth(request), settings) }),
  );
}
