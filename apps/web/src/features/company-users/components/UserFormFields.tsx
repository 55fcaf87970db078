/**
 * The fields of the user dialog, in four groups: the person, locations, rights, and mail
 * notifications. A right the admin may not give is shown disabled (kept as the user has it);
 * the provider's flags only to a global admin; nobody may switch off their own active or admin
 * flag (the server refuses it too).
 */
import { Checkbox, Fieldset, MultiSelect, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { tasks as allTasks, type CompanyUser, type CompanyUserOptions, locales, userNotifications } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import type { Draft } from '../lib/user-draft';

interface UserFormFieldsProps {
  draft: Draft;
  change: (patch: Partial<Draft>) => void;
  errors: Record<string, string>;
  options: CompanyUserOptions;
  user: CompanyUser | null;
  /** The signed-in (acting) user's id. */
  selfId: number;
}

/** The fields; see the file comment. */
export function UserFormFields({ draft, change, errors, options, user, selfId }: UserFormFieldsProps) {
  const { t } = useTranslation(['companyUsers', 'common', 'shell']);
  const limits = options.limits;
  const self = user?.id === selfId;
  const locationData = options.locations.map((l) => ({ value: String(l.id), label: `${l.name} (${l.number})` }));
  const levels = [0, 1, 2, 3, 4].filter((level) => level <= limits.maxReportLevel || level === user?.reportLevel);
  const givable = (task: (typeof allTasks)[number]) => limits.tasks.includes(task) || !!user?.tasks.includes(task);
  const flag = (
    key: 'isCustomerAdmin' | 'financeReport' | 'standardDraft' | 'supportCustomer' | 'supportLocation' | 'isSupport' | 'isGlobalAdmin',
    disabled = false,
  ) => (
    <Checkbox
      label={t(`user.${key}`)}
      checked={draft[key]}
      disabled={disabled}
      onChange={(event) => change({ [key]: event.currentTarget.checked })}
      error={errors[key]}
    />
  );

  return (
    <Stack gap="md">
      <Fieldset legend={t('user.person')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('user.name')}
            required
            maxLength={100}
            value={draft.name}
            onChange={(e) => change({ name: e.currentTarget.value })}
            error={errors.name}
            autoComplete="off"
          />
          <TextInput
            label={t('user.loginName')}
            required
            maxLength={100}
            value={draft.loginName}
            onChange={(e) => change({ loginName: e.currentTarget.value })}
            error={errors.loginName}
            autoComplete="off"
          />
          <TextInput
            label={t('user.email')}
            required
            type="email"
            maxLength={254}
            value={draft.email}
            onChange={(e) => change({ email: e.currentTarget.value })}
            error={errors.email}
            autoComplete="off"
          />
          <TextInput
            label={t('user.phone')}
            type="tel"
            maxLength={40}
            value={draft.phone}
            onChange={(e) => change({ phone: e.currentTarget.value })}
            error={errors.phone}
            autoComplete="off"
          />
          <Select
            label={t('user.language')}
            data={locales.map((l) => ({ value: l, label: t(`common:language.${l}`) }))}
            value={draft.language}
            onChange={(value) => value && change({ language: value as Draft['language'] })}
            allowDeselect={false}
            error={errors.language}
          />
          <Switch
            label={t('user.isActive')}
            checked={draft.isActive}
            disabled={self}
            onChange={(e) => change({ isActive: e.currentTarget.checked })}
            error={errors.isActive}
            mt={{ sm: 'xl' }}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('user.locations')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('user.locationId')}
            data={locationData}
            value={draft.locationId ? String(draft.locationId) : null}
            onChange={(value) => change({ locationId: value ? Number(value) : null })}
            searchable
            clearable
            error={errors.locationId}
          />
          <MultiSelect
            label={t('user.secondaryLocationIds')}
            data={locationData.filter((l) => l.value !== String(draft.locationId))}
            value={draft.secondaryLocationIds.map(String)}
            onChange={(values) => change({ secondaryLocationIds: values.map(Number) })}
            searchable
            error={errors.secondaryLocationIds}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('user.rights')}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('user.reportLevel')}
              data={levels.map((level) => ({ value: String(level), label: t(`user.reportLevels.${level}`) }))}
              value={String(draft.reportLevel)}
              onChange={(value) => value && change({ reportLevel: Number(value) })}
              allowDeselect={false}
              error={errors.reportLevel}
            />
            <MultiSelect
              label={t('user.roleIds')}
              data={options.roles.map((r) => ({ value: String(r.id), label: r.name }))}
              value={draft.roleIds.map(String)}
              onChange={(values) => change({ roleIds: values.map(Number) })}
              error={errors.roleIds}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {flag('isCustomerAdmin', self && !!user?.isCustomerAdmin)}
            {flag('financeReport', !limits.financeReport && !user?.financeReport)}
            {flag('standardDraft')}
            {flag('supportCustomer')}
            {flag('supportLocation')}
            {limits.providerFlags && flag('isSupport')}
            {limits.providerFlags && flag('isGlobalAdmin', self && !!user?.isGlobalAdmin)}
          </SimpleGrid>
          <Checkbox.Group
            label={t('user.tasks')}
            description={t('user.tasksHint')}
            value={draft.tasks}
            onChange={(values) => change({ tasks: values as Draft['tasks'] })}
            error={errors.tasks}
          >
            <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="xs" mt="xs">
              {allTasks.map((task) => (
                <Checkbox key={task} value={task} label={t(`user.task.${task}`)} disabled={!givable(task)} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        </Stack>
      </Fieldset>
      <Fieldset legend={t('user.notifications')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {userNotifications
            .filter((n) => n !== 'newCustomer' || limits.providerFlags || draft.notifications.newCustomer)
            .map((n) => (
              <Checkbox
                key={n}
                label={t(`user.notify.${n}`)}
                checked={draft.notifications[n]}
                disabled={n === 'newCustomer' && !limits.providerFlags}
                onChange={(e) => change({ notifications: { ...draft.notifications, [n]: e.currentTarget.checked } })}
                error={errors[`notifications.${n}`]}
              />
            ))}
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}
