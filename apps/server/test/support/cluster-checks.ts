/**
 * What apps/server/test/cluster.test.ts asserts and bench/cluster prints about processes behind
 * HAProxy (support/cluster.ts): the rate limit through the proxy, and a rolling restart in which
 * each process drains out of the proxy before it exits.
 */
import { type Portal, probe, type ReverseProxy, waitUntil } from './cluster.js';

/** GET /readyz through `proxy`: the status and the process that answered (HAProxy's X-Server: p0, p1, ...). */
export async function readyThroughProxy(proxy: ReverseProxy): Promise<{ status: number; server: string | null }> {
  const answer = await fetch(`${proxy.base}/readyz`);
  await answer.arrayBuffer();
  return { status: answer.status, server: answer.headers.get('x-server') };
}

/**
 * Sends POST PasswordResetRequest (a limit of 10 per client address in 15 minutes) 11 times
 * through `proxy` from the client `address` (X-Forwarded-For, which HAProxy passes on and the
 * processes trust from 127.0.0.1): the statuses in order, and the processes that answered.
 */
export async function limitThroughProxy(proxy: ReverseProxy, address: string): Promise<{ statuses: number[]; servers: Set<string> }> {
  const statuses: number[] = [];
  const servers = new Set<string>();
  for (let i = 0; i <= 10; i++) {
    const answer = await fetch(`${proxy.base}/api/PasswordResetRequest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address, 'accept-language': 'en-US' },
      body: JSON.stringify({ userLoginName: `nobody-${i}` }),
    });
    await answer.arrayBuffer();
    statuses.push(answer.status);
    servers.add(answer.headers.get('x-server') ?? '?');
  }
  return { statuses, servers };
}

/** What a rolling restart saw of each process, in order. */
export interface RollingRestart {
  /** What the process itself answered to /readyz after SIGTERM: 503 while it drained (0: it had gone). */
  drained: number[];
  /** Of 6 GET /readyz through the proxy once HAProxy marked the process DOWN: those it answered or that failed. */
  answeredByDraining: number[];
  /** Each old process's exit code. */
  exitCodes: (number | null)[];
}

/**
 * Restarts the processes of `portals` (servers p0, p1, ... of `proxy`) one at a time: SIGTERM,
 * its /readyz 503, HAProxy marks it DOWN and sends it nothing more, it exits, `restart` starts
 * it again (the new process replaces it in `portals`), HAProxy marks it UP; then `between` (say,
 * until the load has made progress) before the next.
 */
export async function rollingRestart(
  portals: Portal[],
  proxy: ReverseProxy,
  restart: (old: Portal) => Promise<Portal>,
  between: () => Promise<void> = async () => {},
): Promise<RollingRestart> {
  const result: RollingRestart = { drained: [], answeredByDraining: [], exitCodes: [] };
  for (let i = 0; i < portals.length; i++) {
    const old = portals[i] as Portal;
    old.child.kill('SIGTERM');
    let seen = 0;
    await waitUntil(async () => {
      seen = await probe(old.port, '/readyz');
      return seen === 503 || old.child.exitCode !== null;
    }, `p${i} drains`);
    result.drained.push(seen);
    await proxy.waitForState(`p${i}`, 'DOWN');
    const after = await Promise.all(Array.from({ length: 6 }, () => readyThroughProxy(proxy)));
    result.answeredByDraining.push(after.filter((a) => a.server === `p${i}` || a.status !== 200).length);
    result.exitCodes.push(await old.exited);
    portals[i] = await restart(old);
    await proxy.waitForState(`p${i}`, 'UP');
    await between();
  }
  return result;
}
