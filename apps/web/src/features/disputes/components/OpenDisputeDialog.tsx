/**
 * Open a dispute of a movement (POST Disputes; issue 22, docs/disputes.md "Screens"): a received
 * order, a final pallet receipt, a rental or a single ledger entry. Given a `source` (from the
 * order's, receipt's or rental's page, or a row of the balance history) the movement loads at once
 * (GET DisputeMovement: its parties, booking day and per product the carriers in force); without
 * one, the user names a received order by its number (`orderId`, from the order's page, fills it
 * in and loads it). Then what is wrong,
 * per product the carriers it should be, a comment and evidence (photos, PDFs, sent after the
 * dispute opened). Only the products changed are sent, with the form's idempotency key (a retry
 * after a lost answer opens no second dispute). Saved, the dispute's page opens. A refusal (window
 * passed, one open already, not booked) shows the server's translated message.
 */
import { Alert, Button, FileInput, Group, Modal, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  ATTACHMENT_MAX_BYTES,
  type Dispute,
  type DisputeMovement,
  type DisputeProblem,
  disputeProblems,
  EVIDENCE_ACCEPT,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NumberInput } from '../../../components/number-input/NumberInput';
import { ApiError, api } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { notifyError } from '../../../lib/notify';
import { disputesKey } from '../api/disputes';
import { uploadEvidence } from '../api/evidence';
import { type DisputeSource, useSourceLabel } from './source-label';

export type { DisputeSource } from './source-label';

interface Line {
  productId: number;
  name: string;
  booked: number;
  quantity: number | null;
}

/**
 * The dialog; `opened` shows it, `onClose` closes it. `source` names the movement (its lines load
 * at once); `orderId` (from an order's page) is the same as `source={{ orderId }}`; `comment`
 * starts the comment (a reconciliation's row as evidence).
 */
export function OpenDisputeDialog({
  opened,
  onClose,
  orderId: given,
  source: givenSource,
  comment: givenComment,
}: {
  opened: boolean;
  onClose: () => void;
  orderId?: number;
  source?: DisputeSource;
  comment?: string;
}) {
  const { t } = useTranslation('disputes');
  const format = useFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sourceLabel = useSourceLabel();
  // A source shown where the movement is; `orderId` keeps the order's number field, filled in.
  const fixed: DisputeSource | null = givenSource ?? null;
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [orderId, setOrderId] = useState(given ? String(given) : '');
  const [movement, setMovement] = useState<DisputeMovement | null>(null);
  const [lines, setLines] = useState<Line[] | null>(null);
  const [problem, setProblem] = useState<DisputeProblem>('quantity');
  const [comment, setComment] = useState(givenComment ?? '');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const failed = (e: unknown) =>
    setError(e instanceof ApiError ? { message: e.message, fields: e.fields } : { message: (e as Error).message, fields: {} });
  const source: DisputeSource = fixed ?? { orderId: Number(orderId) };
  const load = useMutation({
    mutationFn: (of: DisputeSource) => api<DisputeMovement>('GET', 'DisputeMovement', { query: of }),
    onSuccess: (found) => {
      setError(null);
      setMovement(found);
      setLines(found.lines.map((l) => ({ productId: l.productId, name: l.productName, booked: l.quantity, quantity: l.quantity })));
    },
    onError: failed,
  });
  // Opened from where the movement is shown: its lines load at once.
  const { mutate: loadLines } = load;
  const fixedKey = fixed ? JSON.stringify(fixed) : given ? JSON.stringify({ orderId: given }) : '';
  useEffect(() => {
    if (fixedKey) loadLines(JSON.parse(fixedKey) as DisputeSource);
  }, [fixedKey, loadLines]);
  const changed = (lines ?? []).filter((l) => l.quantity !== null && l.quantity !== l.booked);
  const open = useMutation({
    mutationFn: async () => {
      const dispute = await api<Dispute>('POST', 'Disputes', {
        body: {
          ...source,
          problem,
          comment: comment.trim(),
          idempotencyKey,
          lines: changed.map((l) => ({ productId: l.productId, quantity: l.quantity })),
        },
      });
      // The dispute is open: a file that fails is told, and can be added on its page.
      for (const file of files) {
        try {
          await uploadEvidence(dispute.id, file);
        } catch (e) {
          notifyError(t('evidence.title'), t('open.evidenceFailed', { message: (e as Error).message }));
        }
      }
      return dispute;
    },
    onSuccess: (dispute) => {
      void queryClient.invalidateQueries({ queryKey: disputesKey });
      onClose();
      navigate(`/app/disputes/${dispute.id}`);
    },
    onError: failed,
  });
  const field = (name: string) => error?.fields[name];
  const maxMb = format.number(ATTACHMENT_MAX_BYTES / 1024 / 1024);
  const tooLarge = files.some((f) => f.size > ATTACHMENT_MAX_BYTES);
  // An order's and a rental's carriers only go one way; a receipt's net and a single entry may be negative.
  const min = movement && (movement.sourceKind === 'order' || movement.sourceKind === 'rental') ? 0 : -100_000;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={fixed ? t('open.titleSource', { source: sourceLabel(fixed) }) : t('open.title')}
      size="lg"
    >
      <Stack gap="sm">
        {!fixed && (
          <>
            <Text size="sm">{t('open.intro')}</Text>
            <Group align="flex-end" gap="xs">
              <TextInput
                label={t('open.order')}
                value={orderId}
                onChange={(e) => {
                  setOrderId(e.currentTarget.value.replace(/\D/g, ''));
                  setLines(null);
                  setMovement(null);
                }}
                inputMode="numeric"
                error={field('orderId')}
              />
              <Button
                variant="default"
                disabled={!orderId}
                loading={load.isPending}
                onClick={() => load.mutate({ orderId: Number(orderId) })}
              >
                {t('open.load')}
              </Button>
            </Group>
          </>
        )}
        {movement && (
          <Text size="sm">
            {t('open.parties', {
              from: `${movement.from.name} (${movement.from.customerName})`,
              to: `${movement.to.name} (${movement.to.customerName})`,
              date: format.plainDate(movement.bookingDate),
            })}{' '}
            {t('open.windowEnd', { date: format.plainDate(movement.windowEnd) })}
          </Text>
        )}
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
                min={min}
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
            <FileInput
              label={t('open.evidence')}
              description={t('open.evidenceHint', { max: maxMb })}
              multiple
              clearable
              accept={EVIDENCE_ACCEPT}
              value={files}
              onChange={setFiles}
              error={tooLarge ? t('evidence.tooLarge', { max: maxMb }) : undefined}
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
          <Button
            disabled={!lines || changed.length === 0 || !comment.trim() || tooLarge}
            loading={open.isPending}
            onClick={() => open.mutate()}
          >
            {t('open.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
