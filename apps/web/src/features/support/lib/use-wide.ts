/** Whether the screen is wide enough for tables (768 px on); a phone gets one card per case instead. */
import { useMediaQuery } from '@mantine/hooks';

/** True from 768 px on; read at once, so a wide screen never shows the phone layout first. */
export function useWide(): boolean {
  return useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false }) ?? true;
}
