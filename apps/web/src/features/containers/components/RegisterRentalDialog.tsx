/**
 * "Register rental" (POST Rentals; docs/containers.md, "Rentals"): the acting location asks to
 * rent 1-50 containers of a container type from a start date (today or later), optionally until
 * an end date, with a comment. The server's field messages show at their fields; on success the
 * new rental's page opens.
 */
import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { RENTAL_MAX_QUANTITY } from '@portal/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NumberInput } from '../../../components/number-input/NumberInput';
import { OpenDayDatePicker } from '../../../components/open-day-date-picker/OpenDayDatePicker';
import { ApiError } from '../../../lib/api';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useToday } from '../../session/use-today';
import { useContainerProducts } from '../api/containers';
import { useRegisterRental } from '../api/rentals';

interface RegisterRentalDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The renting location (the acting one). */
  locationId: number;
  locationName: string;
}

/** The dialog; see the file comment. */
export function RegisterRentalDialog({ opened, onClose, locationId, locationName }: RegisterRentalDialogProps) {
  const { t } = useTranslation(['containers', 'messages']);
  const navigate = useNavigate();
  const products = useContainerProducts(opened);
  const register = useRegisterRental();
  const today = useToday();
  const [productId, setProductId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number | null>(1);
  const [startDate, setStartDate] = useState<string | null>(today);
  const [endDate, setEndDate] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // One key per opening: a retry after a lost answer registers one rental.
  const idempotency = useIdempotencyKey();

  // The only container type is chosen at once.
  const only = products.data?.length === 1 ? products.data[0] : undefined;
  useEffect(() => {
    if (only && productId === null) setProductId(String(only.id));
  }, [only, productId]);

  const close = () => {
    setErrors({});
    setComment('');
    setEndDate(null);
    setQuantity(1);
    setStartDate(today);
    idempotency.renew();
    onClose();
  };
  const submit = async () => {
    const missing: Record<string, string> = {};
    if (!productId) missing.productId = t('messages:validation.required');
    if (!quantity) missing.quantity = t('messages:validation.required');
    if (!startDate) missing.startDate = t('messages:validation.required');
    if (Object.keys(missing).length) {
      setErrors(missing);
      return;
    }
    try {
      const rental = await register.mutateAsync({
        locationId,
        productId: Number(productId),
        quantity: quantity ?? 1,
        startDate: startDate ?? today,
        ...(endDate ? { endDate } : {}),
        ...(comment.trim() ? { comment: comment.trim() } : {}),
        idempotencyKey: idempotency.key,
      });
      notifySuccess(t('register.saved', { id: rental.id }));
      close();
      navigate(`/app/containers/rentals/${rental.id}`);
    } catch (failure) {
      if (failure instanceof ApiError && Object.keys(failure.fields).length) setErrors(failure.fields);
      notifyError(t('register.failed'), (failure as Error).message);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('register.title')} closeButtonProps={{ 'aria-label': t('cancel') }}>
      <Stack gap="md">
        <Text size="sm">{t('register.text', { location: locationName })}</Text>
        <Select
          label={t('containers.product')}
          required
          data={(products.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          value={productId}
          onChange={(value) => {
            setProductId(value);
            setErrors(({ productId: _, ...rest }) => rest);
          }}
          error={errors.productId}
          allowDeselect={false}
        />
        <NumberInput
          label={t('register.quantity')}
          description={t('register.quantityHint', { max: RENTAL_MAX_QUANTITY })}
          required
          min={1}
          max={RENTAL_MAX_QUANTITY}
          value={quantity}
          onChange={(value) => {
            setQuantity(value);
            setErrors(({ quantity: _, ...rest }) => rest);
          }}
          error={errors.quantity}
          data-autofocus
        />
        <Group grow align="flex-start" wrap="wrap">
          <OpenDayDatePicker
            label={t('register.startDate')}
            required
            value={startDate}
            onChange={(value) => {
              setStartDate(value);
              setErrors(({ startDate: _, ...rest }) => rest);
            }}
            min={today}
            allDaysOpen
            error={errors.startDate}
            miw={160}
          />
          <OpenDayDatePicker
            label={t('register.endDate')}
            value={endDate}
            onChange={(value) => {
              setEndDate(value);
              setErrors(({ endDate: _, ...rest }) => rest);
            }}
            min={startDate ?? today}
            allDaysOpen
            clearable
            error={errors.endDate}
            miw={160}
          />
        </Group>
        <Textarea
          label={t('register.comment')}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          error={errors.comment}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={1000}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={register.isPending}>
            {t('cancel')}
          </Button>
          <Button onClick={submit} loading={register.isPending}>
            {t('register.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
