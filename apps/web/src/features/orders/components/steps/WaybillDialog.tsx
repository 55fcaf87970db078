/**
 * Sending with a waybill (3 -> 4; docs/domain.md "Status steps"): car number (required),
 * trailer, car type, haulier (cartman), transporter and seal. Every line needs its picked
 * quantity: a missing one is an error that stops the step (spec section 5). A cross-border
 * order first asks the customs question.
 */
import { Alert, Autocomplete, List, SimpleGrid, Text, TextInput } from '@mantine/core';
import { type Order, TransactionStatus } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTruckTypes } from '../../api/get-truck-types';
import { needsCustoms } from '../../lib/order-actions';
import { CustomsDialog } from './CustomsDialog';
import { StepModal } from './StepModal';
import { useOrderStep } from './use-step';

interface WaybillDialogProps {
  order: Order;
  opened: boolean;
  onClose: () => void;
}

type WaybillField = 'carNumber' | 'trailer' | 'carType' | 'cartman' | 'transporter' | 'sealing';
/** The waybill's fields, their length limits and labels (the order page's words for them). */
const fields: { key: WaybillField; max: number; label: string }[] = [
  { key: 'carNumber', max: 30, label: 'detail.carNumber' },
  { key: 'trailer', max: 30, label: 'detail.trailer' },
  // The car type is the order page's truck type, written as free text on the waybill.
  { key: 'carType', max: 100, label: 'detail.truckType' },
  { key: 'cartman', max: 200, label: 'detail.cartman' },
  { key: 'transporter', max: 200, label: 'detail.transporter' },
  { key: 'sealing', max: 50, label: 'detail.sealing' },
];

/** The waybill dialog. */
export function WaybillDialog({ order, opened, onClose }: WaybillDialogProps) {
  const { t } = useTranslation('orders');
  const step = useOrderStep();
  const trucks = useTruckTypes(opened);
  const [values, setValues] = useState<Record<WaybillField, string>>(() => ({
    carNumber: order.carNumber ?? '',
    trailer: order.trailer ?? '',
    carType: order.carType ?? trucks.data?.find((truck) => truck.id === order.truckTypeId)?.name ?? '',
    cartman: order.cartman ?? '',
    transporter: order.transporter ?? '',
    sealing: order.sealing ?? '',
  }));
  const [errors, setErrors] = useState<Partial<Record<WaybillField, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [askCustoms, setAskCustoms] = useState(false);
  const missingPicked = order.transactions.filter((line) => line.quantityPicked === null);

  /** Sends with the waybill; `version` is the order's after the customs answer changed it. */
  const send = async (version = order.version) => {
    setAskCustoms(false);
    const waybill = Object.fromEntries(
      fields.map(({ key }) => [key, values[key].trim() || undefined]).filter(([, value]) => value !== undefined),
    ) as { carNumber: string } & Partial<Record<WaybillField, string>>;
    const outcome = await step.run({
      id: order.id,
      transactionStatusId: TransactionStatus.Sent,
      waybill,
      version,
    });
    if (outcome.ok) onClose();
    else {
      setError(outcome.message);
      const fieldErrors: Partial<Record<WaybillField, string>> = {};
      for (const [path, message] of Object.entries(outcome.fields)) {
        const key = path.replace(/^waybill\./, '') as WaybillField;
        if (fields.some((f) => f.key === key)) fieldErrors[key] = message;
      }
      setErrors(fieldErrors);
    }
  };

  const submit = () => {
    setError(null);
    if (missingPicked.length) {
      setError(t('steps.ship.pickedMissing'));
      return;
    }
    if (!values.carNumber.trim()) {
      setErrors({ carNumber: t('dialog.required') });
      return;
    }
    if (needsCustoms(order)) setAskCustoms(true);
    else void send();
  };

  return (
    <>
      <StepModal
        opened={opened && !askCustoms}
        onClose={onClose}
        title={t('steps.ship.title', { id: order.id })}
        submitLabel={t('steps.ship.submit')}
        onSubmit={submit}
        busy={step.pending}
        error={error}
      >
        {missingPicked.length > 0 && (
          <Alert color="red" variant="light" title={t('steps.ship.pickedMissing')}>
            <List size="sm">
              {missingPicked.map((line) => (
                <List.Item key={line.productId}>{line.name}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Text size="sm">{t('steps.ship.intro')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {fields.map(({ key, max, label }) =>
            key === 'carType' ? (
              <Autocomplete
                key={key}
                label={t(label)}
                maxLength={max}
                data={[...new Set((trucks.data ?? []).map((truck) => truck.name))]}
                value={values[key]}
                onChange={(value) => setValues((current) => ({ ...current, [key]: value }))}
                error={errors[key]}
              />
            ) : (
              <TextInput
                key={key}
                label={t(label)}
                required={key === 'carNumber'}
                maxLength={max}
                value={values[key]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setValues((current) => ({ ...current, [key]: value }));
                  setErrors(({ [key]: _gone, ...rest }) => rest);
                }}
                error={errors[key]}
                data-autofocus={key === 'carNumber' || undefined}
              />
            ),
          )}
        </SimpleGrid>
      </StepModal>
      <CustomsDialog
        opened={askCustoms}
        order={order}
        onConfirm={(updated) => void send(updated.version)}
        onClose={() => setAskCustoms(false)}
      />
    </>
  );
}
