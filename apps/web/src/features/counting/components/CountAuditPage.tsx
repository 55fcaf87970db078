/**
 * One count (`/app/company/audit/{id}`; spec section 3 "Count audit"): its location, date, state,
 * who registered it and who decided it, when; per product the count against the ledger (balance
 * at the end of the count date, in and out since, difference) and, once confirmed, the
 * corrections posted. Provider staff who may decide it see Confirm and Reject.
 */
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconClock, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useFormat } from '../../../lib/format';
import { useCountAudit } from '../api/get-count-audit';
import { titleColor } from '../lib/title-colors';
import { BackToCounting } from './BackToCounting';
import { CountAuditLines } from './CountAuditLines';
import { CountAuditStatusBadge } from './CountAuditStatusBadge';
import { CountFacts } from './CountFacts';
import { DecideCountDialog } from './DecideCountDialog';

/** The count page; see the file comment. */
export function CountAuditPage() {
  const { t } = useTranslation('counting');
  const format = useFormat();
  const id = Number(useParams().id);
  const query = useCountAudit(Number.isInteger(id) ? id : null);
  const [decision, setDecision] = useState<'confirm' | 'reject' | null>(null);
  const back = <BackToCounting />;

  if (query.isPending) return <PageLoader />;
  if (query.isError || !query.data) {
    return (
      <Stack gap="md">
        {back}
        <Alert color="red" title={t('detail.loadFailed')}>
          {query.error?.message}
        </Alert>
      </Stack>
    );
  }
  const audit = query.data;
  const date = format.plainDate(audit.date, { dateStyle: 'medium' });
  const corrections = audit.lines.filter((l) => l.correction).length;

  return (
    <Stack gap="md">
      {back}
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Group gap="sm" align="center">
            <Title order={1} size="h2">
              {t('detail.title', { date })}
            </Title>
            <CountAuditStatusBadge status={audit.status} />
          </Group>
          <Text size="sm" c="gray.7">
            {audit.locationName} · {audit.customerName}
          </Text>
        </Stack>
        {audit.mayDecide && (
          <Group gap="sm">
            <Button leftSection={<IconCheck size={18} aria-hidden />} onClick={() => setDecision('confirm')}>
              {t('decide.confirm')}
            </Button>
            <Button variant="outline" color="red.9" leftSection={<IconX size={18} aria-hidden />} onClick={() => setDecision('reject')}>
              {t('decide.reject')}
            </Button>
          </Group>
        )}
      </Group>

      {audit.status === 'registered' && (
        <Alert color="orange" variant="light" icon={<IconClock aria-hidden />} title={t('detail.pendingTitle')} styles={titleColor.warning}>
          {t('detail.pendingNote')}
        </Alert>
      )}
      {audit.status === 'confirmed' && (
        <Alert color="green" variant="light" icon={<IconCheck aria-hidden />} title={t('detail.confirmedTitle')} styles={titleColor.ok}>
          {corrections > 0 ? t('detail.confirmedNote', { count: corrections, date }) : t('detail.matchedNote')}
        </Alert>
      )}
      {audit.status === 'rejected' && (
        <Alert color="red" variant="light" icon={<IconX aria-hidden />} title={t('detail.rejectedTitle')} styles={titleColor.danger}>
          {audit.comment}
        </Alert>
      )}

      <CountFacts audit={audit} />
      <Paper withBorder radius="sm">
        <CountAuditLines audit={audit} />
      </Paper>
      <DecideCountDialog audit={audit} decision={decision} onClose={() => setDecision(null)} />
    </Stack>
  );
}
