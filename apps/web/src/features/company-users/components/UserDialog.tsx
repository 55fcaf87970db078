/**
 * The user dialog (spec section 2, "user create/update"; section 3 "User"; issue 9): name, login
 * name, phone, email, language, active; primary and secondary locations; customer admin, roles,
 * report level, finance-report permission, menu access by task, standard draft; support flags;
 * mail notifications. It offers only what the signed-in admin may give (GET CompanyUserOptions'
 * limits) and keeps what the user already has; the server judges again and its refusals land
 * on their fields ("Error saving" otherwise). A new user gets a welcome link by mail; an existing
 * one can be sent a reset link or given a password (UserPasswordActions). A user with rights the
 * admin lacks (`withinRights` false; issue 20) is shown read-only, with why, and without the
 * password actions and Save: the server would refuse them (403 RIGHTS_EXCEEDED).
 */
import { Alert, Button, Fieldset, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CompanyUser, CompanyUserOptions, SaveUserRequest } from '@portal/domain';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../session/use-session';
import { useSaveUser } from '../api/company-users';
import { type Draft, draftOf, requestOf } from '../lib/user-draft';
import { UserFormFields } from './UserFormFields';
import { UserPasswordActions } from './UserPasswordActions';

interface UserDialogProps {
  /** The user to edit, or null for a new one. */
  user: CompanyUser | null;
  options: CompanyUserOptions;
  onClose: () => void;
}

/** The dialog; see the file comment. */
export function UserDialog({ user, options, onClose }: UserDialogProps) {
  const { t } = useTranslation('companyUsers');
  const { status } = useSession();
  const phone = useMediaQuery('(max-width: 36em)');
  const save = useSaveUser();
  const [draft, setDraft] = useState<Draft>(() => draftOf(user, options, status.location?.id ?? null, status.user.language));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Issue 20: a user stronger than the admin is not theirs to change.
  const readOnly = !!user && !user.withinRights;

  const change = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key];
      return next;
    });
  };

  const check = (): Record<string, string> => {
    const found: Record<string, string> = {};
    if (!draft.name.trim()) found.name = t('required');
    if (!draft.loginName.trim()) found.loginName = t('required');
    else if (/\s/.test(draft.loginName.trim())) found.loginName = t('user.loginNameSpaces');
    if (!draft.email.trim()) found.email = t('required');
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(draft.email.trim())) found.email = t('user.invalidEmail');
    return found;
  };

  const submit = async () => {
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) return;
    const request: SaveUserRequest = requestOf(draft, user?.id);
    try {
      await save.mutateAsync(request);
      notifySuccess(user ? t('user.saved') : t('user.created', { email: request.email }));
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      // Field paths as the server names them: tasks.0 is the task list, notifications.x one box.
      const mapped = Object.fromEntries(
        Object.entries(fields).map(([path, message]) => [path.replace(/^(tasks|roleIds|secondaryLocationIds)\.\d+$/, '$1'), message]),
      );
      setErrors(mapped);
      notifyError(t('user.saveFailed'), (error as Error).message);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={user ? t('user.editTitle', { name: user.name }) : t('user.newTitle')}
      size="xl"
      fullScreen={!!phone}
      scrollAreaComponent={ScrollArea.Autosize}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!readOnly) void submit();
        }}
      >
        <Stack gap="md">
          {!user && (
            <Text size="sm" c="gray.7">
              {t('user.welcomeNote')}
            </Text>
          )}
          {readOnly && (
            <Alert color="gray" variant="light" icon={<IconLock aria-hidden />}>
              {t('user.beyondRights', { name: user.name })}
            </Alert>
          )}
          <Fieldset variant="unstyled" disabled={readOnly}>
            <UserFormFields draft={draft} change={change} errors={errors} options={options} user={user} selfId={status.user.id} />
          </Fieldset>
          {user && !readOnly && <UserPasswordActions user={user} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {readOnly ? t('close') : t('cancel')}
            </Button>
            {!readOnly && (
              <Button type="submit" loading={save.isPending}>
                {user ? t('user.save') : t('user.create')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
