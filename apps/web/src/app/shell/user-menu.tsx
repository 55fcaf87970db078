/**
 * The shell's menu button (spec section 2 "Shell"). Its dropdown, with the profile and switch
 * dialogs it opens, is in the popups' chunk (shell-popups.ts, user-menu-popup.tsx): until the
 * button is first pointed at, focused or pressed, this draws the same button alone, so the
 * first screen neither loads nor renders the dropdown's code (docs/performance.md).
 */
import { Button, type ButtonProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFirstUse } from '../../lib/first-use';
import { shellPopups, standInHandlers } from './shell-popups';

/** The button that opens the menu: the same in the stand-in and in the real menu. */
export function UserMenuButton(props: ButtonProps & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation('shell');
  return (
    <Button variant="subtle" size="compact-md" rightSection={<IconChevronDown size={16} aria-hidden />} {...props}>
      {t('userMenu.label')}
    </Button>
  );
}

/** The menu: its button, then, from the first use on, the real menu. */
export function UserMenu() {
  const popups = useFirstUse(shellPopups);
  if (popups.module) return <popups.module.UserMenuPopup how={popups.how} />;
  return <UserMenuButton aria-haspopup="menu" aria-expanded={false} {...standInHandlers(popups.use)} />;
}
