/**
 * The purchase order form: the products available at the receiving location, one quantity
 * per product in whole stacks (the product's `qtyHeight`), the send day (open days only),
 * own reference and info text. "Save as draft" keeps the order at 0, "Send order" sends it
 * (status 1). Server field errors land on their fields; other errors in a notification.
 */
import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { Order } from '@portal/domain';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NumberInput } from '../../../components/number-input/NumberInput';
import { OpenDayDatePicker } from '../../../components/open-day-date-picker/OpenDayDatePicker';
import { ApiError } from '../../../lib/api';
import { useAvailableProducts } from '../api/get-available-products';
import { useSaveOrder } from '../api/save-order';
import { useCurrentLocation } from '../api/use-current-location';
import { notifyError, notifySuccess } from '../lib/notify';
import { initialValues, mapServerFields, newIdempotencyKey, purchaseRequest, validateOrder } from '../lib/order-form';

interface OrderFormProps {
  locationId: number;
  order?: Order;
  onDone: () => void;
}

/** The form inside the order dialog. */
export function OrderForm({ locationId, order, onDone }: OrderFormProps) {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const { location } = useCurrentLocation();
  const products = useAvailableProducts(locationId);
  const save = useSaveOrder();
  const [values, setValues] = useState(() => initialValues(order));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [submitting, setSubmitting] = useState<'draft' | 'send' | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const today = dayjs().format('YYYY-MM-DD');
  const list = products.data ?? [];

  const clear = (...keys: string[]) =>
    setErrors((current) => {
      if (!keys.some((key) => key in current)) return current;
      const next = { ...current };
      for (const key of keys) delete next[key];
      return next;
    });
  const showErrors = (found: Record<string, string>) => {
    setErrors(found);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const submit = async (draft: boolean) => {
    const found = validateOrder(values, list, {
      required: t('dialog.required'),
      noLines: t('dialog.noLines'),
      step: (step) => t('dialog.quantityStep', { step }),
    });
    if (Object.keys(found).length) return showErrors(found);
    const request = purchaseRequest({
      values,
      products: list,
      locationIdTo: locationId,
      draft,
      id: order?.id,
      idempotencyKey,
    });
    setSubmitting(draft ? 'draft' : 'send');
    try {
      const saved = await save.mutateAsync(request);
      notifySuccess(t(draft ? 'dialog.savedDraft' : 'dialog.sent', { id: saved.id }));
      onDone();
      navigate(`/app/orders/${saved.id}`);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      const { mapped, rest } = mapServerFields(apiError?.fields ?? {}, request.lines);
      if (Object.keys(mapped).length) showErrors(mapped);
      if (rest.length || !Object.keys(mapped).length) {
        notifyError(t('dialog.saveFailed'), [apiError?.message ?? String(error), ...rest].join(' '));
      }
    } finally {
      setSubmitting(null);
    }
  };

  const noProducts = products.isSuccess && list.length === 0;
  return (
    <Stack gap="md" ref={formRef}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <Text size="sm">
          <Text span fw={700}>
            {t('dialog.recipient')}:{' '}
          </Text>
          {order?.locationNameTo ?? location?.name ?? ''}
        </Text>
        <Text size="sm">
          <Text span fw={700}>
            {t('dialog.sender')}:{' '}
          </Text>
          {order?.locationNameFrom ?? t('dialog.senderByProvider')}
        </Text>
      </SimpleGrid>

      <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
        <Text component="legend" fw={700} size="md" mb="xs">
          {t('dialog.products')}
        </Text>
        {products.isPending && <Loader size="sm" role="progressbar" aria-label={t('dialog.loadingProducts')} />}
        {products.isError && <Alert color="red">{products.error.message}</Alert>}
        {noProducts && <Alert role="status">{t('dialog.noProducts')}</Alert>}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" verticalSpacing="sm">
          {list.map((product) => (
            <NumberInput
              key={product.id}
              label={product.name}
              description={t('dialog.stackHint', { step: product.qtyHeight })}
              step={product.qtyHeight}
              max={100_000}
              value={values.quantities[product.id] ?? null}
              onChange={(quantity) => {
                setValues((current) => ({
                  ...current,
                  quantities: { ...current.quantities, [product.id]: quantity },
                }));
                clear(`product.${product.id}`, 'lines');
              }}
              onWrongStep={({ step }) =>
                setErrors((current) => ({
                  ...current,
                  [`product.${product.id}`]: t('dialog.quantityStep', { step }),
                }))
              }
              error={errors[`product.${product.id}`]}
            />
          ))}
        </SimpleGrid>
        {errors.lines && (
          <Text c="red.9" size="sm" role="alert">
            {errors.lines}
          </Text>
        )}
      </Stack>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <OpenDayDatePicker
          label={t('dialog.dateSend')}
          required
          locationId={locationId}
          min={today}
          value={values.dateSend}
          onChange={(dateSend) => {
            setValues((current) => ({ ...current, dateSend }));
            clear('dateSend');
          }}
          error={errors.dateSend}
          placeholder={t('dialog.chooseDate')}
        />
        <TextInput
          label={t('dialog.referenceOwn')}
          maxLength={100}
          value={values.referenceOwn}
          onChange={(event) => setValues({ ...values, referenceOwn: event.currentTarget.value })}
          error={errors.referenceOwn}
        />
      </SimpleGrid>
      <Textarea
        label={t('dialog.infoText')}
        autosize
        minRows={1}
        maxLength={2000}
        styles={{ input: { maxHeight: 100 } }}
        value={values.infoText}
        onChange={(event) => setValues({ ...values, infoText: event.currentTarget.value })}
        error={errors.infoText}
      />

      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone} disabled={submitting !== null}>
          {t('dialog.cancel')}
        </Button>
        <Button
          variant="light"
          onClick={() => submit(true)}
          loading={submitting === 'draft'}
          disabled={noProducts || submitting === 'send'}
        >
          {t('dialog.saveDraft')}
        </Button>
        <Button onClick={() => submit(false)} loading={submitting === 'send'} disabled={noProducts || submitting === 'draft'}>
          {t('dialog.send')}
        </Button>
      </Group>
    </Stack>
  );
}
