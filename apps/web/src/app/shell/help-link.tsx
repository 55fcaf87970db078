/**
 * The shell's help icon (spec section 2 "Shell"): a link to the guides of the current page (a
 * guide's path or area matches the route; docs/messages.md). Its tooltip is in the popups' chunk
 * (help-tooltip.tsx, shell-popups.ts): until the icon is first pointed at or focused, this
 * draws the link alone (docs/performance.md).
 */
import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { IconHelp } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { helpPath } from '../../features/messages/lib/sections';
import { useFirstUse } from '../../lib/first-use';
import { shellPopups, standInHandlers } from './shell-popups';

/** The link to the current page's guides: the same in the stand-in and in the tooltip. */
export function HelpIcon(props: ActionIconProps & Omit<ComponentPropsWithRef<'a'>, 'href'>) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  return (
    <ActionIcon component={Link} to={helpPath(pathname)} variant="subtle" size="lg" aria-label={t('help')} {...props}>
      <IconHelp aria-hidden />
    </ActionIcon>
  );
}

/** The help link, with its tooltip from the first use on. */
export function HelpLink() {
  const popups = useFirstUse(shellPopups);
  if (popups.module) return <popups.module.HelpTooltip how={popups.how} />;
  const { onPointerEnter, onFocus } = standInHandlers(popups.use);
  return <HelpIcon onPointerEnter={onPointerEnter} onFocus={onFocus} />;
}
