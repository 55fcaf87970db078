/**
 * Provider staff confirm or reject a registered count (POST CountAuditConfirm). Confirming
 * says what it will post (one correction per product with a difference, to the location's
 * pooling or commission balance, dated the count date); rejecting needs a reason, which the
 * location reads in its alerts. A refused decision (decided meanwhile by someone else: 409)
 * says "Error saving" with the server's reason, and the page shows the count as it now is.
 */
import { Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { CountAudit } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDecideCountAudit } from '../api/decide-count-audit';

interface DecideCountDialogProps {
  audit: CountAudit;
  /** Confirm or reject; null: closed. */
  decision: 'confirm' | 'reject' | null;
  onClose: () => void;
}

/** The confirm / reject dialog; see the file comment. */
export function DecideCountDialog({ audit, decision, onClose }: DecideCountDialogProps) {
  const { t } = useTranslation(['counting', 'messages']);
  const format = useFormat();
  const decide = useDecideCountAudit();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = decision === 'confirm';
  const date = format.plainDate(audit.date, { dateStyle: 'medium' });
  const differing = audit.lines.filter((l) => l.difference !== 0);

  const close = () => {
    setComment('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (!confirm && !comment.trim()) {
      setError(t('messages:validation.rejectReason'));
      return;
    }
    try {
      await decide.mutateAsync({ id: audit.id, confirm, ...(comment.trim() ? { comment: comment.trim() } : {}) });
      notifySuccess(confirm ? t('decide.confirmed') : t('decide.rejected'));
      close();
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.fields.comment : undefined;
      if (field) setError(field);
      else close();
      notifyError(t('decide.errorSaving'), (failure as Error).message);
    }
  };

  return (
    <Modal
      opened={decision !== null}
      onClose={close}
      title={confirm ? t('decide.confirmTitle', { date }) : t('decide.rejectTitle', { date })}
      closeButtonProps={{ 'aria-label': t('decide.cancel') }}
    >
      <Stack gap="md">
        {confirm ? (
          differing.length === 0 ? (
            <Text size="sm">{t('decide.confirmNone')}</Text>
          ) : (
            <>
              <Text size="sm">
                {t('decide.confirmText', {
                  count: differing.length,
                  balance: t(`decide.balanceOf.${audit.correctionKind}`),
                  location: audit.locationName,
                  date,
                })}
              </Text>
              <List size="sm" spacing={2}>
                {differing.map((line) => (
                  <List.Item key={line.productId}>
                    {line.productName}: {format.number(line.difference, { signDisplay: 'exceptZero' })}
                  </List.Item>
                ))}
              </List>
            </>
          )
        ) : (
          <Text size="sm">{t('decide.rejectText')}</Text>
        )}
        <Textarea
          label={confirm ? t('decide.comment') : t('decide.reason')}
          required={!confirm}
          value={comment}
          onChange={(event) => {
            setComment(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={1000}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={decide.isPending}>
            {t('decide.cancel')}
          </Button>
          <Button color={confirm ? undefined : 'red.9'} onClick={submit} loading={decide.isPending}>
            {confirm ? t('decide.confirmAction') : t('decide.rejectAction')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
