/**
 * The scheduled order dialog (spec section 2, "Dialogs: order (scheduled)"; docs/domain.md
 * "Scheduled orders"): every 1-52 weeks on the chosen weekdays (Monday-Friday, at least one),
 * from a start day to an optional end day (from cannot pass to), the products in whole stacks,
 * the depot (the provider's default unless one is chosen), own reference and the truck type with
 * the load's fill degree. Saving places the orders of the next 14 days at once.
 */
import { Alert, Button, Checkbox, Grid, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type SaveScheduledOrderRequest, type ScheduledOrder, weekdayNames } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../components/number-input/NumberInput';
import { DateRangePickers } from '../../../components/open-day-date-picker/DateRangePickers';
import { ApiError } from '../../../lib/api';
import { useToday } from '../../session/use-today';
import { useAvailableProducts } from '../api/get-available-products';
import { useLinesFill } from '../api/get-order-fill';
import { useTruckTypes } from '../api/get-truck-types';
import { useSaveScheduledOrder } from '../api/scheduled-orders';
import { notifyError, notifySuccess } from '../lib/notify';
import { initialValues, type OrderFormValues, orderLines, truckHeightChanged } from '../lib/order-form';
import { validateOrder } from '../lib/order-form-checks';
import { PartyFields } from './order-form/PartyFields';
import { ProductQuantities } from './order-form/ProductQuantities';
import { TruckFill } from './order-form/TruckFill';

/** Weekday labels in the locale, Monday to Friday. */
export function weekdayLabels(locale: string, style: 'long' | 'short' = 'long'): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  return weekdayNames.map((_, index) => format.format(new Date(Date.UTC(2024, 0, 1 + index))));
}

interface ScheduledOrderDialogProps {
  opened: boolean;
  onClose: () => void;
  transactionTypeId: 1 | 2;
  locationId: number;
  locationName: string;
  schedule?: ScheduledOrder;
}

/** The dialog; its form mounts each time it opens. */
export function ScheduledOrderDialog(props: ScheduledOrderDialogProps) {
  const { t } = useTranslation('orders');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      size="xl"
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
      title={
        props.schedule
          ? t('scheduled.editTitle', { id: props.schedule.id })
          : t(props.transactionTypeId === 1 ? 'scheduled.newTitle' : 'scheduled.newPickupTitle')
      }
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      <ScheduledOrderForm {...props} />
    </Modal>
  );
}

function ScheduledOrderForm({ onClose, transactionTypeId, locationId, locationName, schedule }: ScheduledOrderDialogProps) {
  const { t, i18n } = useTranslation('orders');
  const kind = transactionTypeId === 1 ? 'purchase' : 'sale';
  const trucks = useTruckTypes();
  const save = useSaveScheduledOrder();
  const today = useToday();
  const [values, setValues] = useState<OrderFormValues>(() => {
    const base = initialValues(kind);
    for (const line of schedule?.lines ?? []) base.quantities[line.productId] = line.quantityOrdered;
    return {
      ...base,
      otherLocationId: schedule ? (kind === 'purchase' ? schedule.locationIdFrom : schedule.locationIdTo) : null,
      truckTypeId: schedule?.truckTypeId ?? null,
      referenceOwn: schedule?.referenceOwn ?? '',
    };
  });
  // A scheduled pickup offers only what its depot takes too (a purchase's receiver is the own location).
  const products = useAvailableProducts(locationId, kind === 'sale' ? values.otherLocationId : null);
  const [interval, setInterval] = useState<number | null>(schedule?.intervalWeeks ?? 1);
  const [days, setDays] = useState<string[]>(() => (schedule ? weekdayNames.filter((day) => schedule[day]) : ['monday']));
  const [range, setRange] = useState<{ from: string | null; to: string | null }>({
    from: schedule?.startDate ?? today,
    to: schedule?.endDate ?? null,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [heightNotice, setHeightNotice] = useState(false);
  const list = products.data ?? [];
  const lines = orderLines(values, list);
  const fill = useLinesFill(
    values.truckTypeId,
    lines.map((line) => ({ productId: line.productId, quantity: line.quantityOrdered })),
  );
  const labels = weekdayLabels(i18n.language);

  const submit = async () => {
    const found = validateOrder(kind, { ...values, dateSend: range.from }, list, {
      required: t('dialog.required'),
      noLines: t('dialog.noLines'),
      step: (step) => t('dialog.quantityStep', { step }),
      postalCode: t('address.postalCodeMask'),
      copies: t('dialog.copiesRange'),
    });
    if (found.dateSend) {
      found.startDate = found.dateSend;
      delete found.dateSend;
    }
    if (days.length === 0) found.weekdays = t('scheduled.weekdayRequired');
    if (interval === null || interval < 1 || interval > 52) found.intervalWeeks = t('scheduled.intervalRange');
    setErrors(found);
    if (Object.keys(found).length) return;
    const request: SaveScheduledOrderRequest = {
      ...(schedule ? { id: schedule.id } : {}),
      transactionTypeId,
      ...(kind === 'purchase'
        ? { locationIdTo: locationId, locationIdFrom: values.otherLocationId ?? undefined }
        : { locationIdFrom: locationId, locationIdTo: values.otherLocationId ?? undefined }),
      intervalWeeks: interval ?? 1,
      monday: days.includes('monday'),
      tuesday: days.includes('tuesday'),
      wednesday: days.includes('wednesday'),
      thursday: days.includes('thursday'),
      friday: days.includes('friday'),
      startDate: range.from ?? today,
      endDate: range.to,
      truckTypeId: values.truckTypeId ?? undefined,
      referenceOwn: values.referenceOwn.trim() || undefined,
      lines,
    };
    try {
      const saved = await save.mutateAsync(request);
      notifySuccess(t('scheduled.saved', { id: saved.id }));
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      const mapped: Record<string, string> = {};
      for (const [path, message] of Object.entries(fields)) {
        const line = /^lines\.(\d+)\./.exec(path);
        if (line) mapped[`product.${lines[Number(line[1])]?.productId}`] = message;
        else mapped[path] = message;
      }
      setErrors(mapped);
      notifyError(t('scheduled.saveFailed'), (error as Error).message);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <PartyFields
          kind={kind}
          ownName={locationName}
          ownLocationId={locationId}
          values={values}
          onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
          error={errors.locationIdTo ?? errors.locationIdFrom}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <NumberInput
            label={t('scheduled.interval')}
            description={t('scheduled.intervalHint')}
            required
            min={1}
            max={52}
            value={interval}
            onChange={(value) => {
              setInterval(value);
              setErrors(({ intervalWeeks: _gone, ...rest }) => rest);
            }}
            error={errors.intervalWeeks}
          />
          <div style={{ gridColumn: 'span 2' }}>
            <DateRangePickers
              value={range}
              onChange={(next) => {
                setRange(next);
                setErrors(({ startDate: _a, endDate: _b, ...rest }) => rest);
              }}
              fromLabel={t('scheduled.startDate')}
              toLabel={t('scheduled.endDate')}
              min={today}
              pickerProps={{ allDaysOpen: true, miw: 170, placeholder: t('scheduled.noEnd') }}
            />
            {(errors.startDate || errors.endDate) && (
              <Text size="sm" c="red.9" role="alert">
                {errors.startDate ?? errors.endDate}
              </Text>
            )}
          </div>
        </SimpleGrid>
        <Checkbox.Group
          label={t('scheduled.weekdays')}
          withAsterisk
          value={days}
          onChange={(next) => {
            setDays(next);
            setErrors(({ weekdays: _gone, ...rest }) => rest);
          }}
          error={errors.weekdays}
        >
          <Group gap="md" mt={6}>
            {weekdayNames.map((day, index) => (
              <Checkbox key={day} value={day} label={labels[index]} />
            ))}
          </Group>
        </Checkbox.Group>
        <ProductQuantities
          products={list}
          pending={products.isPending}
          loadError={products.isError ? products.error.message : null}
          quantities={values.quantities}
          onChange={(productId, quantity) => {
            setValues((current) => ({ ...current, quantities: { ...current.quantities, [productId]: quantity } }));
            setErrors(({ [`product.${productId}`]: _gone, lines: _lines, ...rest }) => rest);
            setHeightNotice(false);
          }}
          errors={errors}
        />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TruckFill
              trucks={trucks.data ?? []}
              truckTypeId={values.truckTypeId}
              onChange={(truckTypeId) => {
                const all = trucks.data ?? [];
                const find = (id: number | null) => all.find((truck) => truck.id === id) ?? all.find((truck) => truck.isDefault);
                const reselect = truckHeightChanged(find(values.truckTypeId), find(truckTypeId)) && lines.length > 0;
                setValues((current) => ({ ...current, truckTypeId, quantities: reselect ? {} : current.quantities }));
                setHeightNotice(reselect);
              }}
              fill={lines.length ? (fill.data?.fill ?? null) : 0}
              fillPending={fill.isFetching}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput
              label={t('dialog.referenceOwn')}
              maxLength={100}
              value={values.referenceOwn}
              onChange={(event) => {
                const referenceOwn = event.currentTarget.value;
                setValues((current) => ({ ...current, referenceOwn }));
              }}
            />
          </Grid.Col>
        </Grid>
        {heightNotice && (
          <Alert color="yellow" variant="light" role="status" p="xs">
            {t('truck.reselect')}
          </Alert>
        )}
        <Text size="xs" c="gray.7">
          {t('scheduled.horizonNote')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('scheduled.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
