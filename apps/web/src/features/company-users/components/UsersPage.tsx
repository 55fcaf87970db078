/**
 * Company > Users (`/app/company/users`; issue 9; spec sections 3 and 6): the acting customer's
 * users, filtered by active state, location and role (customer admin or a named role), with
 * their primary location, rights and last sign-in, and how many match. A table from 768 px, one
 * card per user on a phone. "New user" and a click on a user open the user dialog. A user with
 * rights beyond the admin's is marked (issue 20); the dialog shows them read-only.
 */
import { Alert, Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { COMPANY_USERS_MAX, type CompanyUser, type CompanyUserOptions, type CompanyUsersQuery } from '@portal/domain';
import { IconLock, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { formatDateTime } from '../../../lib/format';
import { useCompanyUserOptions, useCompanyUsers } from '../api/company-users';
import { UserDialog } from './UserDialog';

/** The filters as the URL keeps them: active (default), inactive or all; a location; a role. */
function filtersOf(params: URLSearchParams): CompanyUsersQuery {
  const active = params.get('active') ?? 'true';
  const location = Number(params.get('location'));
  const role = params.get('role') ?? '';
  return {
    ...(active === 'all' ? {} : { isActive: active !== 'false' }),
    ...(location > 0 ? { locationId: location } : {}),
    ...(role === 'admin' ? { customerAdmin: true } : Number(role) > 0 ? { roleId: Number(role) } : {}),
  };
}

/** The page; see the file comment. */
export function UsersPage() {
  const { t } = useTranslation('companyUsers');
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const users = useCompanyUsers(filters);
  const options = useCompanyUserOptions();
  const [editing, setEditing] = useState<CompanyUser | 'new' | null>(null);
  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const list = users.data?.users ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2} maw={760}>
          <Title order={1} size="h2">
            {t('users.title')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('users.intro')}
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')} disabled={!options.data}>
          {t('users.new')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select
          label={t('users.filters.active')}
          data={[
            { value: 'true', label: t('users.filters.activeOnly') },
            { value: 'false', label: t('users.filters.inactiveOnly') },
            { value: 'all', label: t('users.filters.all') },
          ]}
          value={params.get('active') ?? 'true'}
          onChange={(value) => setParam('active', value === 'true' ? null : value)}
          allowDeselect={false}
        />
        <Select
          label={t('users.filters.location')}
          placeholder={t('users.filters.allLocations')}
          data={(options.data?.locations ?? []).map((l) => ({ value: String(l.id), label: `${l.name} (${l.number})` }))}
          value={params.get('location')}
          onChange={(value) => setParam('location', value)}
          clearable
          searchable
        />
        <Select
          label={t('users.filters.role')}
          placeholder={t('users.filters.allRoles')}
          data={[
            { value: 'admin', label: t('user.isCustomerAdmin') },
            ...(options.data?.roles ?? []).map((r) => ({ value: String(r.id), label: r.name })),
          ]}
          value={params.get('role')}
          onChange={(value) => setParam('role', value)}
          clearable
        />
      </SimpleGrid>
      <Text size="sm" aria-live="polite">
        {users.data ? t('users.count', { count: users.data.count }) : ''}
      </Text>
      <Paper withBorder radius="sm">
        {users.isPending ? (
          <PageLoader />
        ) : users.isError ? (
          <Alert color="red" m="md" title={t('users.loadFailed')}>
            {users.error.message}
          </Alert>
        ) : list.length === 0 ? (
          <Text p="md" c="gray.7">
            {t('users.none')}
          </Text>
        ) : (
          <UserList list={list} roles={options.data?.roles ?? []} onOpen={setEditing} />
        )}
      </Paper>
      {(users.data?.count ?? 0) > COMPANY_USERS_MAX && (
        <Text size="sm" c="gray.7">
          {t('users.limit', { count: COMPANY_USERS_MAX })}
        </Text>
      )}
      {options.data && editing && (
        <UserDialog user={editing === 'new' ? null : editing} options={options.data} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}

interface UserListProps {
  list: CompanyUser[];
  roles: CompanyUserOptions['roles'];
  onOpen: (user: CompanyUser) => void;
}

/** The users as a table (wide screens) or cards (phones). */
function UserList({ list, roles, onOpen }: UserListProps) {
  const { t, i18n } = useTranslation('companyUsers');
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false }) ?? true;
  const lastLogin = (user: CompanyUser) => (user.lastLoginAt ? formatDateTime(user.lastLoginAt, i18n.language) : t('users.never'));
  const rights = (user: CompanyUser) => (
    <Group gap={4}>
      {user.isGlobalAdmin && <Badge variant="light">{t('user.isGlobalAdmin')}</Badge>}
      {user.isCustomerAdmin && <Badge variant="light">{t('user.isCustomerAdmin')}</Badge>}
      {user.roleIds.map((id) => (
        <Badge key={id} variant="outline" color="gray.8">
          {roles.find((r) => r.id === id)?.name ?? id}
        </Badge>
      ))}
      {!user.isActive && (
        <Badge color="gray.8" variant="filled">
          {t('users.inactive')}
        </Badge>
      )}
      {!user.withinRights && (
        <Badge color="gray.8" variant="outline" leftSection={<IconLock size={12} aria-hidden />}>
          {t('users.beyondRights')}
        </Badge>
      )}
    </Group>
  );
  if (!wide)
    return (
      <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {list.map((user) => (
          <li key={user.id} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
            {/* Named by its content, which starts with the user's name (WCAG 2.5.3, label in name). */}
            <UnstyledButton onClick={() => onOpen(user)} p="sm" w="100%">
              <Text fw={700}>{user.name}</Text>
              <Text size="sm">
                {user.loginName} · {user.locationName ?? t('users.noLocation')}
              </Text>
              <Text size="sm" c="gray.7">
                {t('users.lastLogin')}: {lastLogin(user)}
              </Text>
              {rights(user)}
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    );
  return (
    <Table striped highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('user.name')}</Table.Th>
          <Table.Th>{t('user.loginName')}</Table.Th>
          <Table.Th>{t('user.locationId')}</Table.Th>
          <Table.Th>{t('users.rights')}</Table.Th>
          <Table.Th>{t('users.lastLogin')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {list.map((user) => (
          <Table.Tr key={user.id}>
            <Table.Td>
              <UnstyledButton onClick={() => onOpen(user)} td="underline" c="blue.9" fw={600}>
                {user.name}
              </UnstyledButton>
            </Table.Td>
            <Table.Td>{user.loginName}</Table.Td>
            <Table.Td>{user.locationName ?? t('users.noLocation')}</Table.Td>
            <Table.Td>{rights(user)}</Table.Td>
            <Table.Td>{lastLogin(user)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
