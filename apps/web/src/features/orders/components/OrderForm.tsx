/**
 * The order form of the order dialog (spec sections 2, 3 and 5), for a purchase, a sale
 * (pickup) or a delivery: the parties (a delivery's recipient first), products in whole stacks,
 * truck type with its stack heights and the fill degree, the send or pickup day (open days
 * only), references, who clears customs when the order crosses a border, a temporary address,
 * information and the number of copies. A truck of
 * another stack height clears the quantities, which must be chosen again. "Save as draft" keeps
 * the dialog open on the saved draft, "Save and close" closes it, "Save and new" starts a new
 * one; "Send" sends the order and opens it. Server field errors land on their fields, others in
 * a notification.
 */
import { Alert, Button, Checkbox, Grid, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { type Country, type CustomsHandler, customsHandlers, type Order } from '@portal/domain';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NumberInput } from '../../../components/number-input/NumberInput';
import { OpenDayDatePicker } from '../../../components/open-day-date-picker/OpenDayDatePicker';
import { ApiError } from '../../../lib/api';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { useExternalLocations } from '../../company/external-locations/api';
import { useToday } from '../../session/use-today';
import { useAvailableProducts } from '../api/get-available-products';
import { useLinesFill } from '../api/get-order-fill';
import { useOrderLocations } from '../api/get-order-locations';
import { useStock } from '../api/get-stock';
import { useTruckTypes } from '../api/get-truck-types';
import { useSaveOrder } from '../api/save-order';
import { useCurrentLocation } from '../api/use-current-location';
import { notifyError, notifySuccess } from '../lib/notify';
import { initialValues, type OrderFormValues, orderLines, orderRequest, transactionTypeOf, truckHeightChanged } from '../lib/order-form';
import { crossesBorder, mapServerFields, validateOrder } from '../lib/order-form-checks';
import type { OrderKind } from '../lib/order-lists';
import { chosenTruck } from '../lib/trucks';
import { MoneyFields } from './order-form/MoneyFields';
import { PartyFields } from './order-form/PartyFields';
import { ProductQuantities } from './order-form/ProductQuantities';
import { TempAddressFields } from './order-form/TempAddressFields';
import { TruckFill } from './order-form/TruckFill';

interface OrderFormProps {
  kind: OrderKind;
  /** The acting location: the customer side of the order (the draft's side for an edit). */
  locationId: number;
  order?: Order;
  onDone: () => void;
  /** Tells the dialog which draft it now edits (after "Save as draft"). */
  onDraftSaved?: (order: Order | undefined) => void;
  /** The return dialog: a sale to a sorting depot, chosen first (Dispatch > Returns). */
  variant?: 'return';
}

type SubmitMode = 'draft' | 'close' | 'new' | 'send';

/** Where an order of each kind opens. */
const areaOfKind: Record<OrderKind, string> = { purchase: 'orders', sale: 'dispatch', delivery: 'delivery' };

/** The form inside the order dialog. */
export function OrderForm({ kind, locationId, order, onDone, onDraftSaved, variant }: OrderFormProps) {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const { location, isProvider } = useCurrentLocation();
  const trucks = useTruckTypes();
  const stock = useStock(locationId, kind !== 'purchase');
  const save = useSaveOrder();
  const [draft, setDraft] = useState<Order | undefined>(order);
  const [values, setValues] = useState<OrderFormValues>(() => initialValues(kind, order));
  // Only what both ends allow: the own location's products that a registered receiver takes too
  // (a purchase's receiver is the own location; an external receiver takes what it is sent).
  const receiverId = kind === 'purchase' || (kind === 'delivery' && values.recipientKind === 'external') ? null : values.otherLocationId;
  const products = useAvailableProducts(locationId, receiverId);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { key: idempotencyKey, renew: renewIdempotencyKey } = useIdempotencyKey();
  const [submitting, setSubmitting] = useState<SubmitMode | null>(null);
  const [heightNotice, setHeightNotice] = useState(false);
  const formRef = useRef<HTMLDivElement>(null);
  const today = useToday();
  const list = products.data ?? [];
  const lines = orderLines(values, list);
  const fill = useLinesFill(
    values.truckTypeId,
    lines.map((line) => ({ productId: line.productId, quantity: line.quantityOrdered })),
  );
  const otherLocations = useOrderLocations(transactionTypeOf[kind], locationId);
  const externals = useExternalLocations(kind === 'delivery' && values.recipientKind === 'external');
  const otherLocation =
    kind === 'delivery' && values.recipientKind === 'external'
      ? undefined
      : otherLocations.data?.find((l) => l.id === values.otherLocationId);
  const otherCountry =
    kind === 'delivery' && values.recipientKind === 'external'
      ? externals.data?.find((e) => e.id === values.externalLocationId)?.countryId
      : otherLocation?.countryId;
  // An order to a sorting depot is a return: each line says whether its carriers shall come back.
  const isReturn = kind !== 'purchase' && !!otherLocation?.isSortingDepot;
  const ownCountry = location?.countryId;
  const destination = values.useTempAddress && kind !== 'sale' && values.tempAddress.countryId ? values.tempAddress.countryId : null;
  const border =
    kind === 'purchase' ? crossesBorder(otherCountry, destination ?? ownCountry) : crossesBorder(ownCountry, destination ?? otherCountry);
  const recipientChosen =
    variant === 'return'
      ? values.otherLocationId !== null
      : kind !== 'delivery' || (values.recipientKind === 'external' ? values.externalLocationId : values.otherLocationId) !== null;

  const clear = (...keys: string[]) =>
    setErrors((current) => {
      if (!keys.some((key) => key in current)) return current;
      const next = { ...current };
      for (const key of keys) delete next[key];
      return next;
    });
  const change = (patch: Partial<OrderFormValues>, ...errorKeys: string[]) => {
    setValues((current) => ({ ...current, ...patch }));
    clear(...errorKeys);
  };
  const showErrors = (found: Record<string, string>) => {
    setErrors(found);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const changeTruck = (truckTypeId: number) => {
    const all = trucks.data ?? [];
    const before = all.find((truck) => truck.id === values.truckTypeId) ?? all.find((truck) => truck.isDefault);
    const after = all.find((truck) => truck.id === truckTypeId) ?? all.find((truck) => truck.isDefault);
    const reselect = truckHeightChanged(before, after) && lines.length > 0;
    setValues((current) => ({ ...current, truckTypeId, quantities: reselect ? {} : current.quantities }));
    setHeightNotice(reselect);
  };

  const submit = async (mode: SubmitMode) => {
    const found = validateOrder(
      kind,
      values,
      list,
      {
        required: t('dialog.required'),
        noLines: t('dialog.noLines'),
        step: (step) => t('dialog.quantityStep', { step }),
        postalCode: t('address.postalCodeMask'),
        copies: t('dialog.copiesRange'),
      },
      { crossesBorder: border, recipientRequired: variant === 'return' },
    );
    if (Object.keys(found).length) return showErrors(found);
    const draftMode = mode !== 'send';
    const truck = chosenTruck(trucks.data ?? [], values.truckTypeId);
    const request = orderRequest({
      kind,
      values,
      products: list,
      locationId,
      draft: draftMode,
      id: draft?.id,
      idempotencyKey,
      truck: truck ? { id: truck.id, fuel: truck.fuel } : undefined,
      returnChoice: isReturn,
      withMoney: isProvider,
    });
    setSubmitting(mode);
    try {
      const saved = await save.mutateAsync(request);
      const count = saved.ids.length;
      const ids = saved.ids.join(', ');
      if (mode === 'send') notifySuccess(count > 1 ? t('dialog.sentCopies', { ids, count }) : t('dialog.sent', { id: saved.id }));
      else notifySuccess(count > 1 ? t('dialog.savedDrafts', { ids, count }) : t('dialog.savedDraft', { id: saved.id }));
      if (mode === 'draft') {
        setDraft(saved);
        onDraftSaved?.(saved);
      } else if (mode === 'new') {
        setDraft(undefined);
        onDraftSaved?.(undefined);
        setValues(initialValues(kind));
        renewIdempotencyKey();
        setHeightNotice(false);
        requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('input:not([disabled])')?.focus());
      } else {
        onDone();
        if (mode === 'send') navigate(`/app/${areaOfKind[kind]}/${saved.id}`);
      }
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      const { mapped, rest } = mapServerFields(apiError?.fields ?? {}, request.lines);
      if (Object.keys(mapped).length) showErrors(mapped);
      if (rest.length || !Object.keys(mapped).length)
        notifyError(t('dialog.saveFailed'), [apiError?.message ?? String(error), ...rest].join(' '));
    } finally {
      setSubmitting(null);
    }
  };

  const ownName = (kind === 'purchase' ? draft?.locationNameTo : draft?.locationNameFrom) ?? location?.name ?? '';
  const noProducts = products.isSuccess && list.length === 0;
  const busy = submitting !== null;
  const button = (mode: SubmitMode, label: string, variant: string) => (
    <Button
      variant={variant}
      onClick={() => submit(mode)}
      loading={submitting === mode}
      disabled={noProducts || (busy && submitting !== mode)}
    >
      {label}
    </Button>
  );

  return (
    <Stack gap="md" ref={formRef}>
      <PartyFields
        kind={kind}
        ownName={ownName}
        ownLocationId={locationId}
        values={values}
        ownCountryId={(location?.countryId as Country | undefined) ?? null}
        onChange={(patch) => change(patch, 'recipient')}
        error={errors.recipient}
        sortingDepotsOnly={variant === 'return'}
      />

      <ProductQuantities
        products={list}
        pending={products.isPending}
        loadError={products.isError ? products.error.message : null}
        quantities={values.quantities}
        onChange={(productId, quantity) => {
          setValues((current) => ({ ...current, quantities: { ...current.quantities, [productId]: quantity } }));
          clear(`product.${productId}`, 'lines');
          setHeightNotice(false);
        }}
        errors={errors}
        returnChoice={
          isReturn
            ? {
                shallReturn: values.shallReturn,
                onChange: (productId, shallReturn) =>
                  setValues((current) => ({ ...current, shallReturn: { ...current.shallReturn, [productId]: shallReturn } })),
              }
            : undefined
        }
        disabledReason={
          !recipientChosen
            ? t('dialog.recipientFirst')
            : !chosenTruck(trucks.data ?? [], values.truckTypeId)
              ? t('truck.chooseFirst')
              : null
        }
        stock={stock.data}
      />

      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TruckFill
            trucks={trucks.data ?? []}
            truckTypeId={values.truckTypeId}
            onChange={changeTruck}
            fill={lines.length ? (fill.data?.fill ?? null) : 0}
            fillPending={fill.isFetching}
            error={errors.truckTypeId}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <OpenDayDatePicker
            label={kind === 'sale' ? t('dialog.datePickup') : t('dialog.dateSend')}
            required
            locationId={locationId}
            min={today}
            value={values.dateSend}
            onChange={(dateSend) => change({ dateSend }, 'dateSend')}
            error={errors.dateSend}
            placeholder={t('dialog.chooseDate')}
          />
        </Grid.Col>
      </Grid>
      {heightNotice && (
        <Alert color="yellow" variant="light" role="status" p="xs">
          {t('truck.reselect')}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
        {(['referenceOwn', 'referenceSender', 'referenceReceiver', 'referenceTransport'] as const).map((field) => (
          <TextInput
            key={field}
            label={t(`dialog.${field}`)}
            maxLength={100}
            value={values[field]}
            onChange={(event) => change({ [field]: event.currentTarget.value }, field)}
            error={errors[field]}
          />
        ))}
      </SimpleGrid>

      {isProvider && (
        <MoneyFields
          value={values.money}
          currency={draft?.currency ?? location?.currency ?? 'NOK'}
          onChange={(patch) => change({ money: { ...values.money, ...patch } }, ...Object.keys(patch))}
          errors={errors}
        />
      )}

      {(border || values.customsHandler !== null) && (
        <Select
          label={t('customs.title')}
          description={border ? t('customs.crossBorder') : undefined}
          required={border}
          data={customsHandlers.map((handler) => ({ value: handler, label: t(`customs.handler.${handler}`) }))}
          value={values.customsHandler}
          onChange={(value) => change({ customsHandler: (value as CustomsHandler | null) ?? null }, 'customsHandler')}
          clearable={!border}
          error={errors.customsHandler}
          maw={360}
        />
      )}

      {kind !== 'sale' && (
        <Stack gap="xs">
          <Checkbox
            label={t('address.useTemp')}
            checked={values.useTempAddress}
            onChange={(event) => change({ useTempAddress: event.currentTarget.checked })}
          />
          {values.useTempAddress && (
            <TempAddressFields
              value={values.tempAddress}
              onChange={(patch) => {
                setValues((current) => ({ ...current, tempAddress: { ...current.tempAddress, ...patch } }));
                clear(...Object.keys(patch).map((key) => `temp.${key}`));
              }}
              errors={errors}
            />
          )}
        </Stack>
      )}

      <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="md">
        <Textarea
          label={t('dialog.infoText')}
          autosize
          minRows={1}
          maxLength={2000}
          styles={{ input: { maxHeight: 100 } }}
          value={values.infoText}
          onChange={(event) => change({ infoText: event.currentTarget.value }, 'infoText')}
          error={errors.infoText}
          style={{ gridColumn: 'span 3' }}
        />
        {!draft && (
          <NumberInput
            label={t('dialog.copies')}
            min={1}
            max={50}
            value={values.copies}
            onChange={(copies) => change({ copies }, 'copies')}
            error={errors.copies}
          />
        )}
      </SimpleGrid>

      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone} disabled={busy}>
          {t('dialog.cancel')}
        </Button>
        {button('draft', t('dialog.saveDraft'), 'light')}
        {button('close', t('dialog.saveAndClose'), 'light')}
        {button('new', t('dialog.saveAndNew'), 'light')}
        {button('send', t('dialog.send'), 'filled')}
      </Group>
      <span className="visually-hidden" aria-live="polite">
        {draft ? t('dialog.editingDraft', { id: draft.id }) : ''}
      </span>
    </Stack>
  );
}
