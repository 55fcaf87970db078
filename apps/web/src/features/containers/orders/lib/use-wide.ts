/** Whether the screen is wide enough for the grid (768 px on); a phone gets one card per order instead. */
import { useMediaQuery } from '@mantine/hooks';

/** True from 768 px on; read at once, so a wide screen never shows the phone layout first. */
export function useWide(): boolean {
  return useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false }) ?? true;
}
