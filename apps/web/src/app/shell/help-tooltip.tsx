/**
 * The help link with its tooltip, in the popups' chunk (help-link.tsx draws the link until its
 * first use): shown at once when it was loaded by the pointer coming onto the link, and the link
 * keeps the focus a keyboard user gave its stand-in.
 */
import { Tooltip } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type FirstUseProps, useTakeOver } from '../../lib/first-use';
import { HelpIcon } from './help-link';

/** The help link inside its tooltip. */
export function HelpTooltip({ how }: FirstUseProps) {
  const { t } = useTranslation('shell');
  const link = useRef<HTMLAnchorElement>(null);
  useTakeOver(how === 'press' ? null : how, link);
  return (
    <Tooltip label={t('help')} defaultOpened={how === 'point'}>
      <HelpIcon ref={link} />
    </Tooltip>
  );
}
