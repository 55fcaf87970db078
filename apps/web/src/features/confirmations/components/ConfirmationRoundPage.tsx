/**
 * One balance confirmation round (`/app/global/confirmations/:id`; global admins; issue 22): each
 * customer asked, whether it confirmed, disputed (with what does not match: its comment, the lines
 * it disputed and the movement disputes it opened since, RoundCustomerAnswer) or has not answered,
 * who answered when, where its link went and how often it was reminded; "Remind" mails the silent
 * ones again, each with a new link. Auditors ask for exactly this list.
 */
import { Alert, Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { ScrollTable } from '../../../components/scroll-table/ScrollTable';
import { useFormat } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useConfirmationRound, useRemindConfirmations } from '../api/rounds';
import { RoundCustomerAnswer } from './RoundCustomerAnswer';

/** Badge colours; the label colours keep 4.5:1 on the light badge, also on a striped row (as publishing's StatusBadge). */
const look = {
  pending: { color: 'gray', text: '#3d434a' },
  confirmed: { color: 'green', text: 'var(--portal-text-ok)' },
  disputed: { color: 'orange', text: '#7a3a00' },
} as const;

/** The page; see the file comment. */
export function ConfirmationRoundPage() {
  const { t } = useTranslation('confirmations');
  const format = useFormat();
  const param = useParams().id ?? '';
  const id = /^\d{1,10}$/.test(param) ? Number(param) : 0;
  const round = useConfirmationRound(id);
  const remind = useRemindConfirmations(id);
  if (round.isPending) return <PageLoader />;
  if (round.isError)
    return (
      <Alert color="red" role="alert" title={t('round.loadFailed')}>
        {round.error.message}
      </Alert>
    );
  const data = round.data;
  const silent = data.counts.pending;
  const sendReminders = async () => {
    try {
      const { reminded } = await remind.mutateAsync();
      notifySuccess(t('round.reminded', { count: reminded }));
    } catch (error) {
      notifyError(t('round.remindFailed'), (error as Error).message);
    }
  };
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/app/global/confirmations" size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden />
          {t('round.back')}
        </Group>
      </Anchor>
      <Stack gap={2}>
        <Title order={1} size="h2">
          {data.name}
        </Title>
        <Text size="sm" c="gray.7">
          {t('round.summary', {
            date: format.plainDate(data.asOf, { dateStyle: 'long' }),
            confirmed: data.counts.confirmed,
            disputed: data.counts.disputed,
            pending: data.counts.pending,
          })}
        </Text>
      </Stack>
      <Group>
        {/* The label wraps on a phone rather than being cut. */}
        <Button
          variant="light"
          h="auto"
          mih={36}
          py={6}
          styles={{ label: { whiteSpace: 'normal' } }}
          disabled={silent === 0}
          loading={remind.isPending}
          onClick={() => void sendReminders()}
        >
          {t('round.remind', { count: silent })}
        </Button>
      </Group>
      <ScrollTable minWidth={760} label={t('round.caption')}>
        <Table striped withTableBorder>
          {/* Named by the scroll region too; a visible caption at the bottom of a sideways-scrolling table is cut on a phone. */}
          <Table.Caption className="visually-hidden">{t('round.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('round.customer')}</Table.Th>
              <Table.Th scope="col">{t('round.status')}</Table.Th>
              <Table.Th scope="col">{t('round.answer')}</Table.Th>
              <Table.Th scope="col">{t('round.sentTo')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('round.reminders')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.customers.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Th scope="row" fw={500}>
                  {c.customerName}
                </Table.Th>
                {/* The badge's whole word, not an ellipsis, when the table is squeezed on a phone. */}
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Badge
                    color={look[c.status].color}
                    variant="light"
                    radius="sm"
                    tt="none"
                    styles={{ root: { minWidth: 'max-content' }, label: { color: look[c.status].text } }}
                  >
                    {t(`status.${c.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <RoundCustomerAnswer customer={c} />
                </Table.Td>
                <Table.Td>{c.recipients.length ? c.recipients.join(', ') : t('round.noAddress')}</Table.Td>
                <Table.Td ta="right">{format.number(c.reminders)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Stack>
  );
}
