/**
 * A balance confirmation once answered (issue 22): who answered when and how, the comment, the
 * lines disputed (the balance shown and the customer's figure); after a dispute, the next step:
 * sign in to the portal and dispute the movements behind it, from the statement of each location
 * for the year up to the round's day or from Reports > Disputes (docs/disputes.md). The links
 * lead through the sign-in page, which returns to them.
 */
import { Alert, Anchor, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { BalanceConfirmation } from '@portal/domain';
import { IconCircleCheck, IconMessageReport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScrollTable } from '../../../components/scroll-table/ScrollTable';
import { useFormat } from '../../../lib/format';

/** The statement's address for a location: the year of the round's day up to that day. */
export const statementHref = (locationId: number, asOf: string) =>
  `/app/statements?${new URLSearchParams({ location: String(locationId), from: `${asOf.slice(0, 4)}-01-01`, to: asOf })}`;

function DisputedLines({ data }: { data: BalanceConfirmation }) {
  const { t } = useTranslation('confirmations');
  const format = useFormat();
  return (
    <ScrollTable minWidth={520} label={t('link.lines.caption')}>
      <Table striped withTableBorder>
        <Table.Caption>{t('link.lines.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('link.location')}</Table.Th>
            <Table.Th scope="col">{t('link.product')}</Table.Th>
            <Table.Th scope="col">{t('link.account')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('link.lines.shown')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('link.lines.theirs')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.lines.map((l) => (
            <Table.Tr key={`${l.locationId}:${l.productId}:${l.balanceKind}`}>
              <Table.Td>{l.locationName}</Table.Td>
              <Table.Td>{l.productName}</Table.Td>
              <Table.Td>{t(`link.accounts.${l.balanceKind}`)}</Table.Td>
              <Table.Td ta="right">{format.number(l.shownQuantity)}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {format.number(l.quantity)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** The next step after a dispute; see the file comment. */
function NextStep({ data }: { data: BalanceConfirmation }) {
  const { t } = useTranslation('confirmations');
  const locations = new Map<number, string>();
  for (const l of data.lines.length ? data.lines : data.balances) locations.set(l.locationId, l.locationName);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="confirmation-next-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="confirmation-next-title">
          {t('link.next.title')}
        </Title>
        <Text size="sm">{t('link.next.text')}</Text>
        <List spacing={6} size="sm">
          {[...locations].map(([id, name]) => (
            <List.Item key={id}>
              <Anchor component={Link} to={statementHref(id, data.asOf)}>
                {t('link.next.statement', { location: name })}
              </Anchor>
            </List.Item>
          ))}
          <List.Item>
            <Anchor component={Link} to="/app/disputes">
              {t('link.next.disputes')}
            </Anchor>
          </List.Item>
        </List>
        <Text size="sm" c="gray.7">
          {t('link.next.noAccount', { issuer: data.issuerName })}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The answer; see the file comment. */
export function ConfirmationAnswered({ data }: { data: BalanceConfirmation }) {
  const { t } = useTranslation('confirmations');
  const format = useFormat();
  if (data.status === 'pending') return null;
  return (
    <>
      <Alert
        color={data.status === 'confirmed' ? 'green' : 'orange'}
        role="status"
        icon={data.status === 'confirmed' ? <IconCircleCheck aria-hidden /> : <IconMessageReport aria-hidden />}
        title={t(`link.answered.${data.status}`)}
        // Mantine's orange on its light background is below 4.5:1: the round page's badge text colour.
        styles={data.status === 'disputed' ? { title: { color: '#7a3a00' } } : undefined}
      >
        {t('link.answeredBy', { name: data.answeredBy ?? '', time: data.answeredAt ? format.dateTime(data.answeredAt) : '' })}
        {data.comment && <Text size="sm" mt={4}>{`“${data.comment}”`}</Text>}
      </Alert>
      {data.lines.length > 0 && <DisputedLines data={data} />}
      {data.status === 'disputed' && <NextStep data={data} />}
    </>
  );
}
