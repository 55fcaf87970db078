/**
 * Calls of the session (spec section 4 "App start", section 7): POST Actions for the initial
 * data, POST status to switch customer, location or user, POST logout.
 */
import type { HandoverToken, SessionStatus, SwitchStatusRequest, TruckType } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';
import { takeBootedCall } from '../../lib/boot';
import { initialActions } from './initial-actions';

export { initialActions };

type ActionName = (typeof initialActions)[number];

/** A link to a sister company's portal (spec section 3, "Inter-company link"; POST Actions `InterCompany`). */
export interface InterCompanyLink {
  /** The portal's address, without a trailing path (`https://portal.example.se`). */
  url: string;
  /** The sister company's country, ISO 3166-1 alpha-2. */
  companyCountry: string;
  /** The signed-in person has an account there: the link hands the sign-in over (`?auth=`, docs/domain.md). */
  hasAccount: boolean;
}

/**
 * POST HandoverToken: a one-time token (2 minutes) for the caller's sign-in, which the sister
 * portal at `url` exchanges (its lib/handover.ts); answers where to go: `${url}/app?auth=<token>`.
 */
export async function handoverUrl(url: string): Promise<string> {
  const { auth } = await api<HandoverToken>('POST', 'HandoverToken');
  const target = new URL('/app', url);
  target.searchParams.set('auth', auth);
  return target.toString();
}

/**
 * Whether the signed-in user must confirm GDPR first (global admins skip it, spec section 6).
 * Until then the server answers every call but the gdpr page's 403 GDPR_REQUIRED
 * (plugins/gdpr-gate.ts), so the app asks for nothing else: the loaders' prefetches of the shell
 * and the start page wait for it (issue 20: four 403s in the console before the consent).
 */
export function needsGdprConfirmation(loginUser: { isGlobalAdmin: boolean; confirmedGdpr: boolean }): boolean {
  return !loginUser.isGlobalAdmin && loginUser.confirmedGdpr === false;
}

/** Everything the app needs before it is ready (spec section 4: "not ready until initial data loads"). */
export interface InitialData {
  status: SessionStatus;
  transactionTypes: { id: number; code: string }[];
  transactionStatuses: { id: number; name: string }[];
  /** The acting user's task permissions (all tasks when the user has none set). */
  webTaskUsers: string[];
  truckTypes: TruckType[];
  interCompany: InterCompanyLink[];
  /** Actions other than Status that failed, with the server's translated message. */
  failed: { action: ActionName; message: string }[];
  /**
   * How far the server's clock is ahead of the browser's, in ms (`clockOffset`): the web's
   * "today" is the server's (docs/domain.md, "Today"), also in a browser whose clock is wrong.
   */
  clockOffsetMs: number;
}

/** Offsets below this are the answer's way over the network, not a wrong clock: read as 0. */
const CLOCK_SLACK_MS = 60_000;

/**
 * The server's clock minus the browser's (ms) from the status's `serverTime` read at
 * `receivedAt` (ms); 0 within CLOCK_SLACK_MS or when the time is missing or unreadable.
 */
export function clockOffset(serverTime: string | undefined, receivedAt: number): number {
  const offset = Date.parse(serverTime ?? '') - receivedAt;
  return Number.isFinite(offset) && Math.abs(offset) >= CLOCK_SLACK_MS ? offset : 0;
}

interface ActionFailure {
  error: { type: string; message: string };
}

function isFailure(value: unknown): value is ActionFailure {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'error' in value;
}

/**
 * POST Actions with the initial action names (the boot script's answer when it sent the same
 * request with the same token and language). A failing Status is fatal (throws its `ApiError`);
 * any other failing entry falls back to an empty list and is reported in `failed`.
 */
export async function fetchInitialData(signal?: AbortSignal): Promise<InitialData> {
  // The boot script of app.html may have sent this very request while the entry downloaded.
  const answer = await api<unknown[]>('POST', 'Actions', { body: initialActions, signal, prefetched: takeBootedCall('Actions') });
  const failed: InitialData['failed'] = [];
  const entry = <T>(name: ActionName, fallback: T): T => {
    const value = answer[initialActions.indexOf(name)];
    if (value === undefined) return fallback;
    if (isFailure(value)) {
      if (name === 'Status') throw new ApiError(500, value.error.type, value.error.message);
      failed.push({ action: name, message: value.error.message });
      return fallback;
    }
    return value as T;
  };
  const status = entry<SessionStatus | null>('Status', null);
  if (!status) throw new ApiError(401, 'UNAUTHORIZED', 'No session status');
  return {
    status,
    transactionTypes: entry('TransactionTypes', []),
    transactionStatuses: entry('TransactionStatuses', []),
    webTaskUsers: entry('WebTaskUsers', []),
    truckTypes: entry('TruckTypes', []),
    interCompany: entry('InterCompany', []),
    failed,
    clockOffsetMs: clockOffset(status.info?.serverTime, Date.now()),
  };
}

/** Query key and function of the initial data; it never goes stale on its own. */
export const initialDataQuery = queryOptions({
  queryKey: ['session', 'initial'],
  queryFn: ({ signal }) => fetchInitialData(signal),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  retry: false,
});

/** POST status: switch the acting customer, location or user; answers the new status. */
export function switchSessionStatus(request: SwitchStatusRequest): Promise<SessionStatus> {
  return api<SessionStatus>('POST', 'status', { body: request });
}

/** POST logout: revokes `token` on the server. */
export function logout(token: string): Promise<boolean> {
  return api<boolean>('POST', 'logout', { token });
}
