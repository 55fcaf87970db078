/**
 * Open a dispute of a received order (POST Disputes; issue 22, docs/disputes.md "Opening"): the
 * order's number, what is wrong, per product of the order the carriers it should be (starting
 * from what it booked), and a comment. Only the products changed are sent, with the form's
 * idempotency key (a retry after a lost answer opens no second dispute). Saved, the dispute's
 * page opens. A refusal (window passed, one open already, not received) shows the server's
 * translated message; a field it names is marked.
 */
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type Dispute, type DisputeProblem, disputeProblems } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NumberInput } from '../../../components/number-input/NumberInput';
import { ApiError, api } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { disputesKey } from '../api/disputes';

interface OrderLine {
  productId: number;
  name: string;
  quantityOrdered: number;
  quantityPicked: number | null;
  quantityDelivered: number | null;
}

/**
 * The dialog; `opened` shows it, `onClose` closes it; `orderId` (from an order's page) fills in the
 * order and loads its lines; `comment` starts the comment (a reconciliation's row as evidence).
 */
export function OpenDisputeDialog({
  opened,
  onClose,
  orderId: given,
  comment: givenComment,
}: {
  opened: boolean;
  onClose: () => void;
  orderId?: number;
  comment?: string;
}) {
  const { t } = useTranslation('disputes');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [orderId, setOrderId] = useState(given ? String(given) : '');
  const [lines, setLines] = useState<{ productId: number; name: string; booked: number; quantity: number | null }[] | null>(null);
  const [problem, setProblem] = useState<DisputeProblem>('quantity');
  const [comment, setComment] = useState(givenComment ?? '');
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const failed = (e: unknown) =>
    setError(e instanceof ApiError ? { message: e.message, fields: e.fields } : { message: (e as Error).message, fields: {} });
  const load = useMutation({
    mutationFn: () => api<{ transactions: OrderLine[] }>('GET', `Orders/${Number(orderId)}`),
    onSuccess: (order) => {
      setError(null);
      setLines(
        order.transactions.map((l) => {
          const booked = l.quantityDelivered ?? l.quantityPicked ?? l.quantityOrdered;
          return { productId: l.productId, name: l.name, booked, quantity: booked };
        }),
      );
    },
    onError: failed,
  });
  // Opened from an order's page: its lines load at once.
  const { mutate: loadLines } = load;
  useEffect(() => {
    if (given) loadLines();
  }, [given, loadLines]);
  const changed = (lines ?? []).filter((l) => l.quantity !== null && l.quantity !== l.booked);
  const open = useMutation({
    mutationFn: () =>
      api<Dispute>('POST', 'Disputes', {
        body: {
          orderId: Number(orderId),
          problem,
          comment: comment.trim(),
          idempotencyKey,
          lines: changed.map((l) => ({ productId: l.productId, quantity: l.quantity })),
        },
      }),
    onSuccess: (dispute) => {
      void queryClient.invalidateQueries({ queryKey: disputesKey });
      onClose();
      navigate(`/app/disputes/${dispute.id}`);
    },
    onError: failed,
  });
  const field = (name: string) => error?.fields[name];
  return (
    <Modal opened={opened} onClose={onClose} title={t('open.title')} size="lg">
      <Stack gap="sm">
        <Text size="sm">{t('open.intro')}</Text>
        <Group align="flex-end" gap="xs">
          <TextInput
            label={t('open.order')}
            value={orderId}
            onChange={(e) => {
              setOrderId(e.currentTarget.value.replace(/\D/g, ''));
              setLines(null);
            }}
            inputMode="numeric"
            error={field('orderId')}
          />
          <Button variant="default" disabled={!orderId} loading={load.isPending} onClick={() => load.mutate()}>
            {t('open.load')}
          </Button>
        </Group>
        {lines && (
          <>
            <NativeSelect
              label={t('columns.problem')}
              value={problem}
              onChange={(e) => setProblem(e.currentTarget.value as DisputeProblem)}
              data={disputeProblems.map((value) => ({ value, label: t(`problems.${value}`) }))}
            />
            {lines.map((line, index) => (
              <NumberInput
                key={line.productId}
                label={t('open.shouldBe', { product: line.name, booked: line.booked })}
                value={line.quantity}
                min={0}
                max={100_000}
                onChange={(value) => setLines((current) => (current ?? []).map((l, i) => (i === index ? { ...l, quantity: value } : l)))}
              />
            ))}
            {(field('lines') || (changed.length === 0 && !!comment.trim())) && (
              <Text size="sm" c="var(--portal-text-danger)" role="alert">
                {field('lines') ?? t('open.noChange')}
              </Text>
            )}
            <Textarea
              label={t('columns.comment')}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
              autosize
              minRows={2}
              maxLength={2000}
              required
              error={field('comment')}
            />
          </>
        )}
        {error && !Object.keys(error.fields).length && (
          <Alert color="red" variant="light" role="alert">
            {error.message}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('open.cancel')}
          </Button>
          <Button disabled={!lines || changed.length === 0 || !comment.trim()} loading={open.isPending} onClick={() => open.mutate()}>
            {t('open.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
