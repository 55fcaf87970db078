/**
 * The public page of a receipt's QR link (`/receipt/:token`, no sign-in; namespace
 * `palletReceiptPublic`): what was handed over (number, the two parties, haulier, car number,
 * time, lines, status, due date, which sides signed) in the visitor's language (the public
 * layout's language picker), and, while the receipt may be answered, a form to confirm it with a
 * name or object with a name and a reason (POST PalletReceiptAnswer). The dock's link of a
 * receipt that moves another party's balance only shows it and says who answers (the
 * counterparty, in the portal or by the link mailed to it; issue 20). Phone first. A wrong or
 * spent link says so, nothing more.
 */
import { Alert, Button, DataList, Group, Paper, Radio, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { PalletReceiptPublic } from '@portal/domain';
import { IconCircleCheck, IconMessageReport } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { useAnswerReceipt, usePublicReceipt } from '../api/public-receipt';
import { factStyles } from '../lib/fact-styles';

function Summary({ receipt }: { receipt: PalletReceiptPublic }) {
  const { t } = useTranslation('palletReceiptPublic');
  const format = useFormat();
  const items: [string, string][] = [
    [t('from'), receipt.counterpartyName ?? ''],
    [t('to'), receipt.locationName],
  ];
  if (receipt.haulier) items.push([t('haulier'), receipt.haulier]);
  if (receipt.carNumber) items.push([t('carNumber'), receipt.carNumber]);
  items.push([t('handedOverAt'), format.dateTime(receipt.handedOverAt, { dateStyle: 'medium', timeStyle: 'short' })]);
  items.push([t('status'), t(`statuses.${receipt.status}`)]);
  if (receipt.status === 'open' && receipt.dueDate) items.push([t('dueDate'), format.plainDate(receipt.dueDate, { dateStyle: 'medium' })]);
  items.push([t('signed'), t(`signedState.${receipt.signed.from ? 'y' : 'n'}${receipt.signed.to ? 'y' : 'n'}`)]);
  return (
    <>
      <Paper withBorder p="md" radius="sm">
        <DataList size="sm" gap={6} styles={factStyles('40%')}>
          {items.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList>
      </Paper>
      <Paper withBorder radius="sm">
        <Table verticalSpacing={6}>
          <caption className="visually-hidden">{t('lines')}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('product')}</Table.Th>
              <Table.Th ta="right">{t('delivered')}</Table.Th>
              <Table.Th ta="right">{t('returned')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {receipt.lines.map((line) => (
              <Table.Tr key={line.productName}>
                <Table.Td>{line.productName}</Table.Td>
                <Table.Td ta="right">{format.number(line.delivered)}</Table.Td>
                <Table.Td ta="right">{format.number(line.returned)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </>
  );
}

function AnswerForm({ token }: { token: string }) {
  const { t } = useTranslation('palletReceiptPublic');
  const answer = useAnswerReceipt(token);
  const [choice, setChoice] = useState<'confirm' | 'object'>('confirm');
  const [name, setName] = useState('');
  const [objection, setObjection] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = t('required');
    if (choice === 'object' && !objection.trim()) found.objection = t('objectionRequired');
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    try {
      await answer.mutateAsync({
        confirm: choice === 'confirm',
        name: name.trim(),
        objection: choice === 'object' ? objection.trim() : undefined,
      });
    } catch (error) {
      setErrors(error instanceof ApiError ? error.fields : {});
      setFailure((error as Error).message);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="receipt-answer-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="receipt-answer-title">
            {t('answerTitle')}
          </Title>
          <Text size="sm">{t('answerIntro')}</Text>
          {failure && (
            <Alert color="red" role="alert" title={t('answerFailed')}>
              {failure}
            </Alert>
          )}
          <Radio.Group label={t('choice')} value={choice} onChange={(value) => setChoice(value as 'confirm' | 'object')}>
            <Stack gap="sm" mt={6}>
              <Radio size="md" value="confirm" label={t('confirm')} />
              <Radio size="md" value="object" label={t('object')} />
            </Stack>
          </Radio.Group>
          <TextInput
            label={t('name')}
            size="md"
            required
            maxLength={100}
            autoComplete="name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
          />
          {choice === 'object' && (
            <Textarea
              label={t('objection')}
              size="md"
              required
              autosize
              minRows={3}
              maxLength={1000}
              value={objection}
              onChange={(event) => setObjection(event.currentTarget.value)}
              error={errors.objection}
            />
          )}
          <Group>
            <Button
              type="submit"
              size="lg"
              fullWidth
              loading={answer.isPending}
              color={choice === 'object' ? 'red.9' : undefined}
              leftSection={choice === 'object' ? <IconMessageReport size={20} aria-hidden /> : <IconCircleCheck size={20} aria-hidden />}
            >
              {choice === 'object' ? t('sendObjection') : t('sendConfirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The page; see the file comment. */
export function PublicReceiptPage() {
  const { t } = useTranslation('palletReceiptPublic');
  const token = useParams().token ?? '';
  const receipt = usePublicReceipt(token);
  const format = useFormat();
  if (receipt.isPending) return <PageLoader />;
  if (receipt.isError)
    return (
      <Alert color="red" title={t('notFound')} role="alert" maw={560} mx="auto">
        {receipt.error instanceof ApiError && receipt.error.status !== 404 ? receipt.error.message : t('notFoundText')}
      </Alert>
    );
  const data = receipt.data;
  return (
    <Stack gap="md" maw={640} mx="auto">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('title', { number: data.receiptNumber })}
        </Title>
        <Text size="sm" c="gray.7">
          {t('intro')}
        </Text>
      </Stack>
      {data.confirmedAt && (
        <Alert
          color="green"
          role="status"
          icon={<IconCircleCheck aria-hidden />}
          title={t('confirmedTitle')}
          styles={{ title: { color: 'var(--portal-text-ok)' } }}
        >
          {t('confirmedText', { time: format.dateTime(data.confirmedAt) })}
        </Alert>
      )}
      {data.objectedAt && (
        <Alert
          color="orange"
          role="status"
          icon={<IconMessageReport aria-hidden />}
          title={t('objectedTitle')}
          styles={{ title: { color: 'var(--portal-text-warning)' } }}
        >
          {t('objectedText', { time: format.dateTime(data.objectedAt) })}
        </Alert>
      )}
      <Summary receipt={data} />
      {data.mayAnswer ? (
        <AnswerForm token={token} />
      ) : data.answersElsewhere ? (
        <Text size="sm" role="status">
          {t('answersElsewhere', { name: data.counterpartyName ?? '' })}
        </Text>
      ) : (
        !data.confirmedAt &&
        !data.objectedAt && (
          <Text size="sm" role="status">
            {t('closed')}
          </Text>
        )
      )}
    </Stack>
  );
}
