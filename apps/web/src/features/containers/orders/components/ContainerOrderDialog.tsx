/**
 * The "New container order" dialog, and "Change order" for an Open order of the caller's own side
 * (POST ContainerOrders; issue 11): location (the acting one first, when it has the container
 * feature), container type, quantity (1-50 containers), wanted day (an open day of the location's
 * country, today or later: the picker offers only those, the server checks again), reference and
 * comment. A refused field comes back from the server under the field; the dialog then stays open.
 */
import { Button, Group, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { CONTAINER_ORDER_MAX_QUANTITY, type ContainerOrder } from '@portal/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../../components/number-input/NumberInput';
import { OpenDayDatePicker } from '../../../../components/open-day-date-picker/OpenDayDatePicker';
import { ApiError } from '../../../../lib/api';
import { useIdempotencyKey } from '../../../../lib/idempotency';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useSession } from '../../../session/use-session';
import { useToday } from '../../../session/use-today';
import { useContainerOrderOptions } from '../api/get-container-order-options';
import { useSaveContainerOrder } from '../api/save-container-order';

export interface ContainerOrderDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Called with the order's id once saved. */
  onSaved: (id: number) => void;
  /** The Open order to change; a new order when left out. */
  order?: ContainerOrder;
}

interface Draft {
  locationId: string | null;
  productId: string | null;
  quantity: number | null;
  wantedDate: string | null;
  reference: string;
  comment: string;
}

/** The dialog; see the file comment. */
export function ContainerOrderDialog({ opened, onClose, onSaved, order }: ContainerOrderDialogProps) {
  const today = useToday();
  const { t } = useTranslation('containerOrders');
  const { status } = useSession();
  const phone = useMediaQuery('(max-width: 40em)');
  const options = useContainerOrderOptions();
  const save = useSaveContainerOrder();
  const locations = options.data?.locations ?? [];
  const products = options.data?.products ?? [];
  const initial = (): Draft => ({
    locationId: order
      ? String(order.locationId)
      : locations.some((l) => l.id === status.location?.id)
        ? String(status.location?.id)
        : locations.length === 1
          ? String(locations[0]?.id)
          : null,
    productId: order?.productId ? String(order.productId) : products.length === 1 ? String(products[0]?.id) : null,
    quantity: order?.quantity ?? null,
    wantedDate: order?.wantedDate ?? null,
    reference: order?.reference ?? '',
    comment: order?.comment ?? '',
  });
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A new order's key, one per opening: a retry after a lost answer places one order.
  const idempotency = useIdempotencyKey();
  const renewKey = idempotency.renew;
  // Start from the order (or the defaults) each time the dialog opens, once the choices are there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: initial() reads the same inputs
  useEffect(() => {
    if (opened) {
      setDraft(initial());
      setErrors({});
    }
  }, [opened, options.data, order]);
  useEffect(() => {
    if (opened) renewKey();
  }, [opened, renewKey]);
  const change = (changes: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(changes)) delete next[key];
      return next;
    });
  };

  const submit = async () => {
    const missing: Record<string, string> = {};
    if (!draft.locationId) missing.locationId = t('dialog.required');
    if (!draft.productId) missing.productId = t('dialog.required');
    if (!draft.quantity) missing.quantity = t('dialog.required');
    if (!draft.wantedDate) missing.wantedDate = t('dialog.required');
    setErrors(missing);
    if (Object.keys(missing).length) return;
    try {
      const saved = await save.mutateAsync({
        ...(order ? { id: order.id } : { idempotencyKey: idempotency.key }),
        locationId: Number(draft.locationId),
        productId: Number(draft.productId),
        quantity: draft.quantity as number,
        wantedDate: draft.wantedDate as string,
        ...(draft.reference.trim() ? { reference: draft.reference.trim() } : {}),
        ...(draft.comment.trim() ? { comment: draft.comment.trim() } : {}),
      });
      notifySuccess(order ? t('dialog.changed', { id: saved.id }) : t('dialog.saved', { id: saved.id }));
      onSaved(saved.id);
    } catch (failure) {
      if (failure instanceof ApiError && Object.keys(failure.fields).length) setErrors(failure.fields);
      notifyError(t('dialog.failed'), (failure as Error).message);
    }
  };

  const locationId = draft.locationId ? Number(draft.locationId) : undefined;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={order ? t('dialog.editTitle', { id: order.id }) : t('dialog.title')}
      size="lg"
      fullScreen={!!phone}
      closeButtonProps={{ 'aria-label': t('dialog.cancel') }}
    >
      <Stack gap="sm">
        <Select
          label={t('dialog.location')}
          data={locations.map((l) => ({ value: String(l.id), label: status.isProvider ? `${l.name} (${l.customerName})` : l.name }))}
          value={draft.locationId}
          onChange={(value) => change({ locationId: value, wantedDate: null })}
          searchable
          required
          nothingFoundMessage={t('dialog.noLocations')}
          error={errors.locationId}
        />
        <Select
          label={t('dialog.product')}
          data={products.map((p) => ({ value: String(p.id), label: p.name }))}
          value={draft.productId}
          onChange={(value) => change({ productId: value })}
          required
          error={errors.productId}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberInput
            label={t('dialog.quantity')}
            description={t('dialog.quantityHint', { max: CONTAINER_ORDER_MAX_QUANTITY })}
            value={draft.quantity}
            onChange={(quantity) => change({ quantity })}
            min={1}
            max={CONTAINER_ORDER_MAX_QUANTITY}
            required
            error={errors.quantity}
            data-autofocus
          />
          <OpenDayDatePicker
            label={t('dialog.wantedDate')}
            description={t('dialog.wantedDateHint')}
            value={draft.wantedDate}
            onChange={(wantedDate) => change({ wantedDate })}
            locationId={locationId}
            min={today}
            disabled={!locationId}
            required
            error={errors.wantedDate}
          />
        </SimpleGrid>
        <TextInput
          label={t('dialog.reference')}
          value={draft.reference}
          onChange={(event) => change({ reference: event.currentTarget.value })}
          maxLength={100}
          error={errors.reference}
        />
        <Textarea
          label={t('dialog.comment')}
          value={draft.comment}
          onChange={(event) => change({ comment: event.currentTarget.value })}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={1000}
          error={errors.comment}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {order ? t('dialog.saveChanges') : t('dialog.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
