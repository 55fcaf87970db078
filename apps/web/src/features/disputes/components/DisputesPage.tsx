/**
 * Reports > Disputes (`/app/disputes?list=`; issue 22, docs/disputes.md "Screens"): the four
 * lists (open, waiting for me, waiting for them, decided) as tabs, each dispute with its movement,
 * parties, status badge and the days left to answer; the dispute's page opens from its number.
 * "Open a dispute" opens the dialog that disputes a received order (OpenDisputeDialog).
 */
import { Anchor, Badge, Button, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { type DisputeList, type DisputeSummary, disputeLists } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { ScrollTable } from '../../../components/scroll-table/ScrollTable';
import { useFormat } from '../../../lib/format';
import { useDisputes } from '../api/disputes';
import { DisputeStatusBadge } from './DisputeStatusBadge';
import { OpenDisputeDialog } from './OpenDisputeDialog';
import { useSourceLabel } from './source-label';

export { useSourceLabel } from './source-label';

/** The days left to answer as text (today, n days, passed), or a dash. */
export function DaysLeft({ dispute }: { dispute: DisputeSummary }) {
  const { t } = useTranslation('disputes');
  if (dispute.daysLeft === null) return <span aria-hidden>–</span>;
  return <>{dispute.daysLeft < 0 ? t('daysPassed') : t('daysLeft', { count: dispute.daysLeft })}</>;
}

/** The list page; see the file comment. */
export function DisputesPage() {
  const { t } = useTranslation('disputes');
  const format = useFormat();
  const sourceLabel = useSourceLabel();
  const [params, setParams] = useSearchParams();
  const list = (disputeLists as readonly string[]).includes(params.get('list') ?? '') ? (params.get('list') as DisputeList) : 'open';
  const disputes = useDisputes(list);
  const waiting = useDisputes('waitingForMe');
  const rows = disputes.data ?? [];
  const [opening, setOpening] = useState(false);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2} maw={760}>
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('intro')}
          </Text>
        </Stack>
        <Button onClick={() => setOpening(true)}>{t('open.button')}</Button>
      </Group>
      {opening && <OpenDisputeDialog opened onClose={() => setOpening(false)} />}
      <SegmentedControl
        aria-label={t('lists.label')}
        value={list}
        onChange={(value) => setParams(new URLSearchParams({ list: value }))}
        data={disputeLists.map((value) => ({
          value,
          label:
            value === 'waitingForMe' && waiting.data?.length
              ? `${t(`lists.${value}`)} (${format.number(waiting.data.length)})`
              : t(`lists.${value}`),
        }))}
        style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
      />
      {disputes.isPending ? (
        <PageLoader />
      ) : rows.length === 0 ? (
        <Paper withBorder p="md">
          <Text size="sm">{t('empty')}</Text>
        </Paper>
      ) : (
        <ScrollTable minWidth={760} label={t(`lists.${list}`)}>
          <Table verticalSpacing="xs" highlightOnHover>
            <caption className="visually-hidden">{t(`lists.${list}`)}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.dispute')}</Table.Th>
                <Table.Th>{t('columns.source')}</Table.Th>
                <Table.Th>{t('columns.opener')}</Table.Th>
                <Table.Th>{t('columns.counterparty')}</Table.Th>
                <Table.Th>{t('columns.status')}</Table.Th>
                <Table.Th>{t('columns.daysLeft')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/app/disputes/${d.id}`} fw={600} size="sm">
                      {t('number', { id: d.id })}
                    </Anchor>
                    <Text size="xs" c="gray.7">
                      {format.dateTime(d.openedAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {sourceLabel(d)}
                    <Text size="xs" c="gray.7">
                      {t('booked', { date: format.plainDate(d.bookingDate) })}
                    </Text>
                  </Table.Td>
                  <Table.Td>{d.opener.name}</Table.Td>
                  <Table.Td>{d.counterparty.name}</Table.Td>
                  <Table.Td>
                    <DisputeStatusBadge status={d.status} />
                    {d.waitingForMe && (
                      <Badge ml={4} variant="outline" color="dark" radius="sm" tt="none">
                        {t('yourTurn')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <DaysLeft dispute={d} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}
