/**
 * Whether the screen is wide enough for the tables (Mantine's `sm`, 48em = 768 px); a phone gets
 * one card per container or rental instead, with nothing to scroll sideways.
 */
import { useMediaQuery } from '@mantine/hooks';

/** True from 768 px on; read at once, so a wide screen never shows the phone layout first. */
export function useWide(): boolean {
  return useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false }) ?? true;
}
