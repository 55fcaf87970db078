/**
 * The API client: every call goes to `/api` with the bearer token (spec section 7), answers
 * the `data` field of the envelope (spreadsheets: the raw body), and throws `ApiError` with
 * the server's translated `error.message`.
 */
import { loginUrlReturningTo } from './return-path';

const TOKEN_KEY = 'token';

export const tokenStore = {
  get: (): string | null => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

/** A failed call: HTTP status, the error type of the envelope and its translated message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly userLogin: string | null = null,
  ) {
    super(message);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The `ApiError` of a failed answer with HTTP `status` and `statusText` and its parsed JSON
 * `body` (null when it was none). Reads the portal's envelope (`{ error: { type, message,
 * fields? }, info: { userLogin } }`) part by part: an answer that is not the whole envelope (a
 * proxy's or gateway's JSON, an error without `info`) keeps what it has, and a body without an
 * error gives type UNEXPECTED and the status text (issue 20: never a script error instead).
 */
export function apiErrorOf(status: number, statusText: string, body: unknown): ApiError {
  const error = isRecord(body) && isRecord(body.error) ? body.error : {};
  const info = isRecord(body) && isRecord(body.info) ? body.info : {};
  const fields = isRecord(error.fields)
    ? Object.fromEntries(Object.entries(error.fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
    : {};
  return new ApiError(
    status,
    typeof error.type === 'string' && error.type ? error.type : 'UNEXPECTED',
    typeof error.message === 'string' && error.message ? error.message : statusText,
    fields,
    typeof info.userLogin === 'string' ? info.userLogin : null,
  );
}

type Query = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

export interface CallOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Send no token (public calls). */
  anonymous?: boolean;
  /** Send this token instead of the stored one (sign-out after the stored one was dropped). */
  token?: string;
  /** Answer the raw Response (spreadsheets, PDFs). */
  raw?: boolean;
  /**
   * The response of this very request, already sent by the boot script (lib/boot.ts) with the
   * same token and language; a failed one is sent again.
   */
  prefetched?: Promise<Response> | null;
}

let onUnauthorized: (() => void) | null = null;
/** Registers what happens on a 401 outside the login call (spec section 8). */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const qs = params.toString();
  return `/api/${path.replace(/^\//, '')}${qs ? `?${qs}` : ''}`;
}

/** Calls the API and answers the envelope's `data`. Throws `ApiError` on failure. */
export async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = options.token ?? tokenStore.get();
  if (token && !options.anonymous) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  headers['Accept-Language'] = document.documentElement.lang || 'nb-NO';
  let response: Response | null = null;
  if (options.prefetched && headers.Authorization && !options.signal?.aborted) response = await options.prefetched.catch(() => null);
  try {
    response ??= await fetch(buildUrl(path, options.query), {
      method,
      headers,
      credentials: 'include',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', (error as Error).message);
  }
  if (!response.ok) {
    const error = apiErrorOf(response.status, response.statusText, await response.json().catch(() => null));
    // Login and the hand-over exchange answer 401 for their own input, not for a lost session.
    if (response.status === 401 && !/^login(handover)?$/i.test(path)) onUnauthorized?.();
    // A maintenance window began (docs/global.md): the public page shows when the portal opens
    // again, and stays (features/public/login-page.tsx); once open it returns to this page.
    if (response.status === 503 && error.type === 'DOWNTIME' && window.location.pathname.startsWith('/app'))
      window.location.assign(loginUrlReturningTo(window.location.pathname + window.location.search));
    console.warn('API call failed', method, path, response.status, error.type);
    throw error;
  }
  if (options.raw) return response as unknown as T;
  const body = (await response.json()) as { data: T };
  return body.data;
}

export interface UploadOptions {
  query?: Query;
  signal?: AbortSignal;
  /** Called while the body goes out, with the bytes sent and the total (a progress bar's value). */
  onUploadProgress?: (sent: number, total: number) => void;
  /** Called once the whole body is sent: the server is working on it now. */
  onUploaded?: () => void;
}

/**
 * Posts a multipart form (a file and its fields) and answers the envelope's `data`, with the
 * token, language and 401 handling of `api`. Sent through XMLHttpRequest, because fetch cannot
 * report upload progress. Throws `ApiError` (or an AbortError when `signal` aborts it).
 */
export function upload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path, options.query));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', document.documentElement.lang || 'nb-NO');
    const token = tokenStore.get();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onUploadProgress?.(event.loaded, event.total);
    };
    xhr.upload.onload = () => options.onUploaded?.();
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) {
        resolve((body as { data: T }).data);
        return;
      }
      const error = apiErrorOf(xhr.status, xhr.statusText, body);
      if (xhr.status === 401) onUnauthorized?.();
      console.warn('API call failed', 'POST', path, xhr.status, error.type);
      reject(error);
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', 'Network error'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    if (options.signal?.aborted) {
      reject(new DOMException('Aborted', 'AbortError'));
      return;
    }
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
