/**
 * One dispute (`/app/disputes/:id`; issue 22, docs/disputes.md "Screens"): its movement, parties,
 * status and what it waits for with the days left, per product the carriers booked and those
 * proposed, its full history, and the steps its `actions` offer the caller: answer (accept, or
 * reject with a comment, or propose other quantities: ProposeQuantities), decide (provider: for or
 * against, with a comment), withdraw (opener); its evidence (DisputeEvidence: the files, and adding
 * photos or PDFs while it is unended).
 */
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import type { Dispute } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { ScrollTable } from '../../../components/scroll-table/ScrollTable';
import { ApiError } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { useDispute, useDisputeStep } from '../api/disputes';
import { DisputeEvidence } from './DisputeEvidence';
import { DisputeStatusBadge } from './DisputeStatusBadge';
import { DaysLeft, useSourceLabel } from './DisputesPage';
import { ProposeQuantities } from './ProposeQuantities';

/** The steps the caller may take now, with one comment field for all of them. */
function Steps({ dispute }: { dispute: Dispute }) {
  const { t } = useTranslation('disputes');
  const step = useDisputeStep();
  const [comment, setComment] = useState('');
  const { id, version, actions } = dispute;
  if (!actions.answer && !actions.decide && !actions.withdraw) return null;
  const error = step.error instanceof ApiError ? (step.error.fields.comment ?? step.error.message) : null;
  const trimmed = comment.trim() || undefined;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="dispute-steps">
      <Title order={2} size="h4" id="dispute-steps" mb="xs">
        {t('steps.title')}
      </Title>
      <Textarea
        label={t('steps.comment')}
        value={comment}
        onChange={(e) => setComment(e.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={2000}
      />
      {error && (
        <Alert color="red" variant="light" mt="xs" role="alert">
          {error}
        </Alert>
      )}
      <Group mt="sm" gap="xs">
        {actions.answer && (
          <>
            <Button
              loading={step.isPending}
              onClick={() => step.mutate({ call: 'DisputeAnswer', body: { id, version, answer: 'accept', comment: trimmed } })}
            >
              {t('steps.accept')}
            </Button>
            <Button
              variant="default"
              loading={step.isPending}
              onClick={() => step.mutate({ call: 'DisputeAnswer', body: { id, version, answer: 'reject', comment: trimmed } })}
            >
              {t('steps.reject')}
            </Button>
          </>
        )}
        {actions.decide && (
          <>
            <Button
              loading={step.isPending}
              onClick={() => step.mutate({ call: 'DisputeDecision', body: { id, version, decideFor: true, comment: comment.trim() } })}
            >
              {t('steps.decideFor')}
            </Button>
            <Button
              variant="default"
              loading={step.isPending}
              onClick={() => step.mutate({ call: 'DisputeDecision', body: { id, version, decideFor: false, comment: comment.trim() } })}
            >
              {t('steps.decideAgainst')}
            </Button>
          </>
        )}
        {actions.withdraw && (
          <Button
            variant="subtle"
            color="red"
            loading={step.isPending}
            onClick={() => step.mutate({ call: 'DisputeWithdrawal', body: { id, version, comment: trimmed } })}
          >
            {t('steps.withdraw')}
          </Button>
        )}
      </Group>
      {actions.answer && (
        <Stack mt="md">
          <ProposeQuantities
            dispute={dispute}
            pending={step.isPending}
            send={(lines) => step.mutate({ call: 'DisputeAnswer', body: { id, version, answer: 'propose', comment: trimmed, lines } })}
          />
        </Stack>
      )}
    </Paper>
  );
}

/** The dispute page; see the file comment. */
export function DisputePage() {
  const { t } = useTranslation('disputes');
  const format = useFormat();
  const sourceLabel = useSourceLabel();
  const id = Number(useParams().id);
  const query = useDispute(id);
  if (query.isPending) return <PageLoader />;
  if (!query.data)
    return (
      <Alert color="red" variant="light" role="alert">
        {query.error instanceof ApiError ? query.error.message : t('notFound')}
      </Alert>
    );
  const d = query.data;
  return (
    <Stack gap="md">
      <Anchor to="/app/disputes" label={t('back')} />
      <Group gap="sm" align="center">
        <Title order={1} size="h2">
          {t('number', { id: d.id })}
        </Title>
        <DisputeStatusBadge status={d.status} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <Text size="sm">
          {t('columns.source')}: {sourceLabel(d)} · {t('booked', { date: format.plainDate(d.bookingDate) })}
        </Text>
        <Text size="sm">
          {t('columns.problem')}: {t(`problems.${d.problem}`)}
        </Text>
        <Text size="sm">
          {t('columns.opener')}: {d.opener.name} ({d.opener.customerName})
        </Text>
        <Text size="sm">
          {t('columns.counterparty')}: {d.counterparty.name} ({d.counterparty.customerName})
        </Text>
        {d.waitingOn && (
          <Text size="sm">
            {t('columns.waitingOn')}: {t(`waitingOn.${d.waitingOn}`)}{' '}
            {d.answerDue && (
              <>
                · {format.plainDate(d.answerDue)} (<DaysLeft dispute={d} />)
              </>
            )}
          </Text>
        )}
        <Text size="sm">
          {t('columns.comment')}: {d.comment}
        </Text>
      </SimpleGrid>
      <ScrollTable minWidth={300} label={t('lines.caption')}>
        <Table verticalSpacing="xs">
          <caption className="visually-hidden">{t('lines.caption')}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('lines.product')}</Table.Th>
              <Table.Th ta="right">{t('lines.was')}</Table.Th>
              <Table.Th ta="right">{t('lines.quantity')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d.lines.map((l) => (
              <Table.Tr key={l.productId}>
                <Table.Td>{l.productName}</Table.Td>
                <Table.Td ta="right">{format.number(l.wasQuantity)}</Table.Td>
                <Table.Td ta="right">{format.number(l.quantity)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <DisputeEvidence dispute={d} />
      <Steps dispute={d} />
      <Paper withBorder p="md" component="section" aria-labelledby="dispute-history">
        <Title order={2} size="h4" id="dispute-history" mb="xs">
          {t('history.title')}
        </Title>
        <Stack gap={6} component="ol" m={0} pl="md">
          {d.history.map((h) => (
            <Text component="li" size="sm" key={`${h.event}-${h.at}`}>
              {format.dateTime(h.at)}: {t(`history.${h.event}`)} – {h.by ?? t('history.scheduler')}
              {h.comment ? `: ${h.comment}` : ''}
            </Text>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}

/** The link back to the lists. */
function Anchor({ to, label }: { to: string; label: string }) {
  return (
    <Text size="sm">
      <Link to={to}>{label}</Link>
    </Text>
  );
}
