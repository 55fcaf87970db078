/**
 * Calls of the public area (spec section 2 "Public area", section 7): GET Status (anonymous,
 * 10 s time-out), GET Status with the stored token, GET Messages?type=login, POST Login.
 */
import type { LoginRequest, SessionStatus } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { deviceMarkFor, keepDeviceMark } from '../../lib/device-marks';

/** The status call gives up after 10 s (spec section 9), and the service counts as down. */
export const STATUS_TIMEOUT_MS = 10_000;

export interface PublicStatus {
  status: SessionStatus | null;
  info: { version: string; build: string; environment: string | null; serverTime: string };
  /** The downtime window in force or next (docs/global.md, "Maintenance"), or null. */
  downtime?: { startsAt: string; endsAt: string } | null;
  /** False for a host the portal has no configuration for: the old-page notice shows (docs/global.md, "Hosts"). */
  hostConfigured?: boolean;
  /** The portal's own address, the old-page notice's link. */
  portalUrl?: string;
}

/** A welcome message for anonymous visitors (GET Messages?type=login). */
export interface WelcomeMessage {
  id: number;
  title: string;
  text: string;
}

export interface LoginResponse {
  token: string;
  expiresAt: string;
  status: SessionStatus;
  /** POST Login's mark for this browser's next sign-in of the user name (lib/device-marks.ts). */
  deviceMark?: string;
}

/** How often the public page asks GET Status again while a downtime window is in force: it notices the reopening. */
export const CLOSED_POLL_MS = 60_000;

/** Whether `downtime` (GET Status's window in force or next) is in force at `now` (ms). */
export function downtimeInForce(downtime: PublicStatus['downtime'], now = Date.now()): boolean {
  return !!downtime && Date.parse(downtime.startsAt) <= now && now < Date.parse(downtime.endsAt);
}

/** GET Status again every CLOSED_POLL_MS while the answer names a window in force, else not on a timer. */
const pollWhileClosed = (query: { state: { data?: PublicStatus | null } }) =>
  downtimeInForce(query.state.data?.downtime) ? CLOSED_POLL_MS : false;

function withTimeout(signal: AbortSignal): AbortSignal {
  return AbortSignal.any([signal, AbortSignal.timeout(STATUS_TIMEOUT_MS)]);
}

/** GET Status without a token: whether the service answers, its version and build. */
export const publicStatusQuery = queryOptions({
  queryKey: ['public', 'status'],
  queryFn: ({ signal }) => api<PublicStatus | null>('GET', 'Status', { anonymous: true, signal: withTimeout(signal) }),
  retry: false,
  staleTime: 60_000,
  refetchInterval: pollWhileClosed,
});

/** GET Status with the stored token: a session status when the token is still valid. */
export const tokenStatusQuery = (token: string) =>
  queryOptions({
    queryKey: ['public', 'token-status', token],
    queryFn: ({ signal }) => api<PublicStatus | null>('GET', 'Status', { signal: withTimeout(signal) }),
    retry: false,
    staleTime: 0,
    refetchInterval: pollWhileClosed,
  });

/** GET Messages?type=login&anonymous=true&language=<locale>: the login page's welcome texts. */
export const welcomeMessagesQuery = (language: string) =>
  queryOptions({
    queryKey: ['public', 'welcome', language],
    queryFn: ({ signal }) =>
      api<WelcomeMessage[]>('GET', 'Messages', { anonymous: true, signal, query: { type: 'login', anonymous: true, language } }),
    staleTime: 5 * 60_000,
  });

/**
 * POST Login: a bearer token and the session status; throws `ApiError` with the server's reason.
 * Sends the device mark this browser keeps for the user name and keeps the new one the answer
 * brings (lib/device-marks.ts), so the next sign-in here is not held by guesses from elsewhere.
 */
export async function login(request: LoginRequest): Promise<LoginResponse> {
  const deviceMark = deviceMarkFor(request.userLoginName);
  const response = await api<LoginResponse>('POST', 'Login', {
    body: { ...request, ...(deviceMark ? { deviceMark } : {}) },
    anonymous: true,
  });
  if (response.deviceMark) keepDeviceMark(request.userLoginName, response.deviceMark);
  return response;
}

/**
 * Where a fresh sign-in continues (spec section 2): the agreement page first when the customer
 * requires agreements and has not accepted the standard one, else `target`.
 */
export function pathAfterLogin(response: Pick<LoginResponse, 'status'>, target: string): string {
  const { customer } = response.status;
  if (customer.agreementRequired && !customer.agreementStandard) return `/agreement?returnUrl=${encodeURIComponent(target)}`;
  return target;
}
