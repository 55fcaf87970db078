/**
 * "Assign containers" (POST RentalStatus `Open`; docs/containers.md, "Rentals"): provider staff
 * pick the rental's containers among those available now (OK, at a depot, not out) of the rental's
 * type, all from one depot: the depots of the renting location's country first, the one with the
 * most of them first, the rental's quantity ticked
 * at once. Fewer than the quantity need a comment. A rental opened meanwhile (409) says so, and
 * the page shows it as it now is.
 */
import { Alert, Button, Checkbox, Group, Modal, Paper, ScrollArea, Select, Stack, Text, Textarea } from '@mantine/core';
import type { ContainerSummary, Rental } from '@portal/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useContainers } from '../api/containers';
import { useRentalStep } from '../api/rentals';

interface AssignContainersDialogProps {
  rental: Rental;
  opened: boolean;
  onClose: () => void;
}

/** The available containers by depot: the renting location's country's first, then the depot with the most. */
function byDepot(list: readonly ContainerSummary[], countryId: string) {
  const depots = new Map<number, { id: number; name: string; containers: ContainerSummary[] }>();
  for (const c of list) {
    if (c.locationId === null) continue;
    const depot = depots.get(c.locationId) ?? { id: c.locationId, name: c.locationName ?? '', containers: [] };
    depot.containers.push(c);
    depots.set(c.locationId, depot);
  }
  const home = (d: { containers: ContainerSummary[] }) => (d.containers[0]?.countryId === countryId ? 0 : 1);
  return [...depots.values()].sort(
    (a, b) => home(a) - home(b) || b.containers.length - a.containers.length || a.name.localeCompare(b.name),
  );
}

/** The dialog; see the file comment. */
export function AssignContainersDialog({ rental, opened, onClose }: AssignContainersDialogProps) {
  const { t } = useTranslation('containers');
  const available = useContainers({ available: true, productId: rental.productId }, opened);
  const step = useRentalStep();
  const depots = useMemo(() => byDepot(available.data ?? [], rental.countryId), [available.data, rental.countryId]);
  const [depotId, setDepotId] = useState<number | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const depot = depots.find((d) => d.id === depotId) ?? depots[0];

  // The rental's quantity ticked at once at the chosen depot.
  useEffect(() => {
    if (!opened || !depot) return;
    setChosen(depot.containers.slice(0, rental.quantity).map((c) => c.id));
  }, [opened, depot, rental.quantity]);

  const close = () => {
    setErrors({});
    setComment('');
    setDepotId(null);
    onClose();
  };
  const fewer = chosen.length < rental.quantity;
  const submit = async () => {
    if (chosen.length === 0) {
      setErrors({ containerIds: t('assign.noneChosen') });
      return;
    }
    if (fewer && !comment.trim()) {
      setErrors({ comment: t('assign.fewerComment') });
      return;
    }
    try {
      await step.mutateAsync({
        id: rental.id,
        status: 'Open',
        containerIds: chosen,
        ...(comment.trim() ? { comment: comment.trim() } : {}),
      });
      notifySuccess(t('assign.saved', { count: chosen.length }));
      close();
    } catch (failure) {
      if (failure instanceof ApiError && Object.keys(failure.fields).length) {
        setErrors({ containerIds: Object.values(failure.fields)[0] ?? '', ...failure.fields });
      } else close();
      notifyError(t('assign.failed'), (failure as Error).message);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('assign.title', { id: rental.id })}
      closeButtonProps={{ 'aria-label': t('cancel') }}
      size="lg"
    >
      <Stack gap="md">
        <Text size="sm">{t('assign.text', { count: rental.quantity, location: rental.locationName, product: rental.productName })}</Text>
        {available.isPending ? (
          <Text size="sm">{t('loading')}</Text>
        ) : depots.length === 0 ? (
          <Alert color="orange" title={t('assign.noneAvailable')}>
            {t('assign.noneAvailableText')}
          </Alert>
        ) : (
          <>
            <Select
              label={t('assign.depot')}
              data={depots.map((d) => ({
                value: String(d.id),
                label: t('assign.depotOption', { name: d.name, count: d.containers.length }),
              }))}
              value={String(depot?.id ?? '')}
              onChange={(value) => setDepotId(value ? Number(value) : null)}
              allowDeselect={false}
            />
            <Checkbox.Group
              label={t('assign.containers', { chosen: chosen.length, count: rental.quantity })}
              value={chosen.map(String)}
              onChange={(values) => {
                setChosen(values.map(Number));
                setErrors({});
              }}
              error={errors.containerIds}
            >
              <ScrollArea.Autosize mah={320} mt="xs" type="auto">
                <Stack gap={4}>
                  {depot?.containers.map((c) => (
                    <Paper key={c.id} withBorder radius="sm" px="sm" py={10}>
                      <Checkbox value={String(c.id)} label={c.grai ? `${c.serialNumber} · ${c.grai}` : c.serialNumber} size="md" />
                    </Paper>
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            </Checkbox.Group>
          </>
        )}
        {fewer && (
          <Textarea
            label={t('assign.comment')}
            required
            value={comment}
            onChange={(event) => {
              setComment(event.currentTarget.value);
              setErrors({});
            }}
            error={errors.comment}
            autosize
            minRows={2}
            maxLength={1000}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={step.isPending}>
            {t('cancel')}
          </Button>
          <Button onClick={submit} loading={step.isPending} disabled={depots.length === 0}>
            {t('assign.save', { count: chosen.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
