/** PostgreSQL's LISTEN for `Database.listen` (client.ts): a dedicated connection per subscription. */
import pg from 'pg';

/** A lower-case identifier, as LISTEN and NOTIFY take a channel here. */
export const channelName = /^[a-z_][a-z0-9_]{0,62}$/;

/** Delay before the first attempt to open a lost LISTEN connection again; doubled up to LISTEN_RETRY_MAX_MS. */
const LISTEN_RETRY_MS = 250;
const LISTEN_RETRY_MAX_MS = 10_000;

/**
 * LISTEN on a dedicated connection (a pooled one would be handed to queries and lose the
 * subscription). A lost connection (server restart, network, pg_terminate_backend) is opened
 * again after a growing delay, and `onReconnect` told. The first connection's failure is thrown.
 */
export async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  if (!channelName.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let current: pg.Client | null = null;
  let stopped = false;
  let retryMs = LISTEN_RETRY_MS;
  let timer: NodeJS.Timeout | null = null;

  /** Opens a connection and LISTENs; `first`: a failure is thrown to the caller rather than retried. */
  const open = async (first: boolean): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    let lost = first; // until connected, a failure of the first attempt is not retried
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (current === client) current = null;
      client.end().catch(() => {});
      if (stopped) return;
      console.warn(`LISTEN ${channel}: connection lost (${error?.message ?? 'closed'}); opening it again`);
      timer = setTimeout(() => {
        timer = null;
        open(false).then(
          () => onReconnect?.(),
          () => {}, // the failed attempt has planned the next one
        );
      }, retryMs);
      retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MAX_MS);
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      if (first) {
        client.end().catch(() => {});
        throw error;
      }
      onLost(error as Error);
      throw error;
    }
    lost = false;
    if (stopped) {
      lost = true;
      await client.end().catch(() => {});
      return;
    }
    current = client;
    retryMs = LISTEN_RETRY_MS;
  };

  await open(true);
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}
