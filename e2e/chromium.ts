/**
 * How the journeys launch Debian's Chromium (never a downloaded browser). Shared by the config
 * and by journeys that need extra launch arguments (e.g. host resolver rules), since
 * `test.use({ launchOptions })` replaces the configured options as a whole.
 */
import type { LaunchOptions } from '@playwright/test';

export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
};

/** The same launch options plus `extraArgs`. */
export function chromiumWith(...extraArgs: string[]): LaunchOptions {
  return { ...chromiumLaunchOptions, args: [...(chromiumLaunchOptions.args ?? []), ...extraArgs] };
}
