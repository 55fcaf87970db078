/**
 * The page of a balance confirmation's link (`/confirm/:token`, no sign-in; namespace
 * `confirmations`; issue 22): the customer's closing balances on the round's day per location,
 * product and account, and, until answered, a form to confirm them or say what does not match
 * (a name, and a comment for a dispute). Once answered, who answered when and how. A wrong or
 * replaced link says so, nothing more. Phone first: one box per location, three columns each.
 */
import { Alert, Button, Paper, Radio, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { BalanceConfirmation } from '@portal/domain';
import { IconCircleCheck, IconMessageReport } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { useAnswerBalanceConfirmation, useBalanceConfirmation } from '../api/public-confirmation';

/** The balances one location at a time (a heading with its GLN, then product, account and balance), so a phone shows every column. */
function Balances({ data }: { data: BalanceConfirmation }) {
  const { t } = useTranslation('confirmations');
  const format = useFormat();
  const locations = new Map<number, BalanceConfirmation['balances']>();
  for (const b of data.balances) locations.set(b.locationId, [...(locations.get(b.locationId) ?? []), b]);
  return (
    <Stack
      gap="md"
      component="section"
      aria-label={t('link.balancesCaption', { date: format.plainDate(data.asOf, { dateStyle: 'long' }) })}
    >
      {[...locations.values()].map((list) => {
        const first = list[0] as BalanceConfirmation['balances'][number];
        return (
          <Paper key={first.locationId} withBorder radius="sm" p="sm">
            <Title order={2} size="h5">
              {first.locationName}
            </Title>
            {first.gln && (
              <Text size="xs" c="gray.7">
                GLN {first.gln}
              </Text>
            )}
            <Table mt="xs" verticalSpacing={6}>
              <Table.Caption className="visually-hidden">
                {t('link.locationCaption', { location: first.locationName, date: format.plainDate(data.asOf) })}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('link.product')}</Table.Th>
                  <Table.Th scope="col">{t('link.account')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('link.quantity')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((b) => (
                  <Table.Tr key={`${b.productId}:${b.balanceKind}`}>
                    <Table.Td>{b.productName}</Table.Td>
                    <Table.Td>{t(`link.accounts.${b.balanceKind}`)}</Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {format.number(b.quantity)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        );
      })}
    </Stack>
  );
}

function AnswerForm({ token }: { token: string }) {
  const { t } = useTranslation('confirmations');
  const answer = useAnswerBalanceConfirmation(token);
  const [choice, setChoice] = useState<'confirmed' | 'disputed'>('confirmed');
  const [name, setName] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = t('link.required');
    if (choice === 'disputed' && !comment.trim()) found.comment = t('link.commentRequired');
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    try {
      await answer.mutateAsync({ answer: choice, name: name.trim(), comment: choice === 'disputed' ? comment.trim() : undefined });
    } catch (error) {
      setErrors(error instanceof ApiError ? error.fields : {});
      setFailure((error as Error).message);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="confirmation-answer-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="confirmation-answer-title">
            {t('link.answerTitle')}
          </Title>
          {failure && (
            <Alert color="red" role="alert" title={t('link.answerFailed')}>
              {failure}
            </Alert>
          )}
          <Radio.Group label={t('link.choice')} value={choice} onChange={(value) => setChoice(value as 'confirmed' | 'disputed')}>
            <Stack gap="sm" mt={6}>
              <Radio size="md" value="confirmed" label={t('link.confirm')} />
              <Radio size="md" value="disputed" label={t('link.dispute')} />
            </Stack>
          </Radio.Group>
          <TextInput
            label={t('link.name')}
            size="md"
            required
            maxLength={100}
            autoComplete="name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
          />
          {choice === 'disputed' && (
            <Textarea
              label={t('link.comment')}
              description={t('link.commentHint')}
              size="md"
              required
              autosize
              minRows={3}
              maxLength={2000}
              value={comment}
              onChange={(event) => setComment(event.currentTarget.value)}
              error={errors.comment}
            />
          )}
          <Button
            type="submit"
            size="lg"
            fullWidth
            loading={answer.isPending}
            color={choice === 'disputed' ? 'red.9' : undefined}
            leftSection={choice === 'disputed' ? <IconMessageReport size={20} aria-hidden /> : <IconCircleCheck size={20} aria-hidden />}
          >
            {choice === 'disputed' ? t('link.sendDispute') : t('link.sendConfirm')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** The page; see the file comment. */
export function ConfirmationLinkPage() {
  const { t } = useTranslation('confirmations');
  const token = useParams().token ?? '';
  const confirmation = useBalanceConfirmation(token);
  const format = useFormat();
  if (confirmation.isPending) return <PageLoader />;
  if (confirmation.isError)
    return (
      <Alert color="red" title={t('link.notFound')} role="alert" maw={560} mx="auto">
        {confirmation.error instanceof ApiError && confirmation.error.status !== 404 ? confirmation.error.message : t('link.notFoundText')}
      </Alert>
    );
  const data = confirmation.data;
  return (
    <Stack gap="md" maw={760} mx="auto">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('link.title', { customer: data.customerName })}
        </Title>
        <Text size="sm" c="gray.7">
          {t('link.intro', { issuer: data.issuerName, date: format.plainDate(data.asOf, { dateStyle: 'long' }), round: data.roundName })}
        </Text>
      </Stack>
      {data.status !== 'pending' && (
        <Alert
          color={data.status === 'confirmed' ? 'green' : 'orange'}
          role="status"
          icon={data.status === 'confirmed' ? <IconCircleCheck aria-hidden /> : <IconMessageReport aria-hidden />}
          title={t(`link.answered.${data.status}`)}
        >
          {t('link.answeredBy', { name: data.answeredBy ?? '', time: data.answeredAt ? format.dateTime(data.answeredAt) : '' })}
          {data.comment && <Text size="sm" mt={4}>{`“${data.comment}”`}</Text>}
        </Alert>
      )}
      {data.balances.length === 0 ? <Alert role="status">{t('link.noBalances')}</Alert> : <Balances data={data} />}
      {data.status === 'pending' && <AnswerForm token={token} />}
    </Stack>
  );
}
