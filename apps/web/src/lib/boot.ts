/**
 * The calls app.html's boot script sent before the entry ran (app-html.ts, `bootScript`): on
 * an /app page with a stored token it posts the initial POST Actions at once, so the session
 * arrives while the entry still downloads instead of one round trip after it has run
 * (docs/performance.md). A call is handed out once, and only when it went with the token and
 * language the app would send now; otherwise the app sends its own.
 */
import { tokenStore } from './api';

/** What the boot script leaves on `window.__portalBoot`. */
interface BootCalls {
  token: string;
  lang: string;
  calls: Record<string, Promise<Response> | undefined>;
}

/** The boot script's response of `name`, once, if it was sent with the current token and language. */
export function takeBootedCall(name: string): Promise<Response> | null {
  const boot = (window as { __portalBoot?: BootCalls }).__portalBoot;
  const call = boot?.calls[name];
  if (!boot || !call) return null;
  delete boot.calls[name];
  if (boot.token !== tokenStore.get() || boot.lang !== (document.documentElement.lang || 'nb-NO')) return null;
  return call;
}
