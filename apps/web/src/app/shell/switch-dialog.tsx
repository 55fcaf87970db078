/**
 * The switch dialog (spec section 2 "Dialogs: user select/switch", section 6): a global admin
 * picks a customer (searchable list, 400 px high, 250 ms search wait); everyone allowed picks a
 * location (blocked ones marked); global admins with the returns flag and customer admins pick
 * a user; "Back to <signed-in user>" ends acting as someone else. Posts POST status.
 */
import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { SwitchStatusRequest } from '@portal/domain';
import { IconAlertCircle, IconArrowBackUp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../features/session/use-session';
import { canSwitchUser, switchCustomersQuery, switchLocationsQuery, switchUsersQuery } from './switch-api';

/** Wait before a customer search is sent (spec section 9). */
export const SEARCH_WAIT_MS = 250;

/** The dialog; `opened` mounts its look-ups only while it is open. */
export function SwitchDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const session = useSession();
  const { status } = session;
  const login = status.loginUser;
  const [customerId, setCustomerId] = useState(status.customer.id);
  const [locationId, setLocationId] = useState<number | null>(status.location?.id ?? null);
  const [userId, setUserId] = useState<number>(status.user.id);
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pickUser = canSwitchUser(login);
  // The customer box shows the chosen customer's name in its search field; only what the user
  // types instead is a search term (Mantine filters the same way), else every customer is listed.
  const customerLabel = (c: { name: string; statusId: number }) => (c.statusId === 2 ? `${c.name} (${t('switch.blocked')})` : c.name);
  const [chosenLabel, setChosenLabel] = useState(() => customerLabel(status.customer));
  const [debouncedTerm] = useDebouncedValue(search === chosenLabel ? '' : search, SEARCH_WAIT_MS);

  const customers = useQuery({ ...switchCustomersQuery(debouncedTerm), enabled: opened && login.isGlobalAdmin });
  const locations = useQuery({ ...switchLocationsQuery(customerId), enabled: opened });
  const users = useQuery({ ...switchUsersQuery(customerId, locationId), enabled: opened && pickUser });

  // A new customer: its default (or first active) location.
  useEffect(() => {
    const list = locations.data;
    if (!list || list.some((l) => l.id === locationId)) return;
    setLocationId((list.find((l) => l.isDefault && l.statusId === 1) ?? list.find((l) => l.statusId === 1) ?? list[0])?.id ?? null);
  }, [locations.data, locationId]);

  const customerData = [
    ...(customers.data ?? []).filter((c) => c.id !== status.customer.id),
    { id: status.customer.id, name: status.customer.name, statusId: status.customer.statusId },
  ]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((c) => ({ value: c.id, label: customerLabel(c) }));
  const locationData = (locations.data ?? []).map((l) => ({
    value: l.id,
    label: l.statusId === 2 ? `${l.name} (${t('switch.blocked')})` : l.name,
  }));
  const userData = (users.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.loginName})` }));
  if (!userData.some((u) => u.value === status.user.id) && customerId === status.customer.id) {
    userData.unshift({ value: status.user.id, label: `${status.user.name} (${status.user.loginName})` });
  }

  const request: SwitchStatusRequest = {};
  if (userId !== status.user.id) request.userId = userId;
  else if (customerId !== status.customer.id) request.customerId = customerId;
  if (locationId !== null && (locationId !== status.location?.id || Object.keys(request).length > 0)) request.locationId = locationId;
  const changed = Object.keys(request).length > 0;

  const run = async (next: SwitchStatusRequest) => {
    setBusy(true);
    setError(null);
    try {
      await session.switchTo(next);
      onClose();
    } catch (caught) {
      setError((caught as Error).message || t('switch.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('switch.title')} size="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (changed) void run(request);
        }}
      >
        <Stack>
          {error && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
              {error}
            </Alert>
          )}
          {login.isGlobalAdmin && (
            <Select<number>
              label={t('switch.customer')}
              searchable
              data={customerData}
              value={customerId}
              styles={{ options: { maxHeight: 400 } }}
              nothingFoundMessage={t('switch.nothingFound')}
              onSearchChange={setSearch}
              onChange={(value, option) => {
                if (value === null) return;
                setCustomerId(value);
                if (option) setChosenLabel(option.label);
                setUserId(status.user.id);
              }}
            />
          )}
          <Select<number>
            label={t('switch.location')}
            searchable={locationData.length > 10}
            data={locationData}
            value={locationId}
            nothingFoundMessage={t('switch.nothingFound')}
            onChange={(value) => value !== null && setLocationId(value)}
          />
          {pickUser && (
            <Select<number>
              label={t('switch.user')}
              searchable
              data={userData}
              value={userId}
              nothingFoundMessage={t('switch.nothingFound')}
              onChange={(value) => value !== null && setUserId(value)}
            />
          )}
          <Group justify="space-between" mt="sm">
            {session.actingAsOther ? (
              <Button
                variant="default"
                leftSection={<IconArrowBackUp size={16} aria-hidden />}
                disabled={busy}
                onClick={() => void run({ userId: login.id })}
              >
                {t('switch.back', { name: login.name })}
              </Button>
            ) : (
              <span />
            )}
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" loading={busy} disabled={!changed}>
                {t('switch.submit')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
