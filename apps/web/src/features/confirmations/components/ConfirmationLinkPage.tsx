/**
 * The page of a balance confirmation's link (`/confirm/:token`, no sign-in; namespace
 * `confirmations`; issue 22): the customer's closing balances on the round's day per location,
 * product and account (ConfirmationBalances), and, until answered, a form to confirm them or say
 * what does not match: a name, a comment and the lines that differ for a dispute
 * (ConfirmationAnswerForm). Once answered, who answered when and how, and after a dispute the
 * next step to the movements behind it (ConfirmationAnswered). A wrong or replaced link says so,
 * nothing more. Phone first: one box per location, three columns each.
 */
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { useBalanceConfirmation } from '../api/public-confirmation';
import { ConfirmationAnswered } from './ConfirmationAnswered';
import { ConfirmationAnswerForm } from './ConfirmationAnswerForm';
import { ConfirmationBalances } from './ConfirmationBalances';

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
      <ConfirmationAnswered data={data} />
      {data.balances.length === 0 ? <Alert role="status">{t('link.noBalances')}</Alert> : <ConfirmationBalances data={data} />}
      {data.status === 'pending' && <ConfirmationAnswerForm token={token} data={data} />}
    </Stack>
  );
}
