/**
 * The app's version (spec section 9: 1.0.114) and the version check of spec section 4: every
 * 30 s GET /version.json?t=<timestamp>; when version or build differ from the ones the page
 * was loaded with, an update button reloads.
 */
import { version } from '../../package.json';

/** The version of this web app, from apps/web/package.json. */
export const APP_VERSION: string = version;

export interface VersionInfo {
  version: string;
  build: string;
  timestamp?: number;
}

/** Fetches /version.json, bypassing caches. Throws on a network or HTTP failure. */
export async function fetchVersion(signal?: AbortSignal): Promise<VersionInfo> {
  const response = await fetch(`/version.json?t=${Date.now()}`, { cache: 'no-store', signal });
  if (!response.ok) throw new Error(`version.json answered ${response.status}`);
  return (await response.json()) as VersionInfo;
}

/** Whether a fetched version differs from the loaded one (either field). */
export function isNewVersion(loaded: VersionInfo, latest: VersionInfo): boolean {
  return loaded.version !== latest.version || loaded.build !== latest.build;
}

let loaded: VersionInfo | null = null;

/** Remembers the version the page was loaded with (first answer of /version.json). */
export function captureLoadedVersion(): void {
  fetchVersion().then(
    (info) => {
      loaded ??= info;
    },
    (error: unknown) => console.warn('Version check failed', error),
  );
}

/**
 * Compares the latest /version.json with the loaded one; the first answer becomes the loaded
 * one when the start-up fetch failed. Answers true when an update is available.
 */
export function checkForUpdate(latest: VersionInfo): boolean {
  loaded ??= latest;
  return isNewVersion(loaded, latest);
}
