/**
 * "Statements by email" on My company (issue 22): the customer admin chooses how often each
 * location's statement is mailed (off, monthly, twice a month) and to which addresses (up to 10),
 * and sees the last period mailed. The server checks the addresses and the role; its field
 * messages show under the fields.
 */
import { Alert, Button, Group, Paper, Radio, Stack, TagsInput, Text, Title } from '@mantine/core';
import { STATEMENT_RECIPIENTS_MAX, type StatementSchedule, type StatementSettings, statementSchedules } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSaveStatementSettings, useStatementSettings } from '../api/statement-settings';

/** The card; nothing but the server's reason when the settings cannot be read. */
export function StatementMailingCard() {
  const { t } = useTranslation('statements');
  const settings = useStatementSettings();
  if (settings.isPending) return <PageLoader minHeight={120} />;
  if (settings.isError)
    return (
      <Alert color="red" title={t('mailing.loadFailed')}>
        {settings.error.message}
      </Alert>
    );
  return <MailingForm key={settings.data.customerId} settings={settings.data} />;
}

function MailingForm({ settings }: { settings: StatementSettings }) {
  const { t } = useTranslation('statements');
  const format = useFormat();
  const save = useSaveStatementSettings();
  const [schedule, setSchedule] = useState<StatementSchedule>(settings.schedule);
  const [recipients, setRecipients] = useState<string[]>(settings.recipients);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const recipientsError = Object.entries(errors).find(([key]) => key.startsWith('recipients'))?.[1];

  const submit = async () => {
    setErrors({});
    try {
      await save.mutateAsync({ schedule, recipients });
      notifySuccess(t('mailing.saved'));
    } catch (error) {
      setErrors(error instanceof ApiError ? error.fields : {});
      notifyError(t('mailing.saveFailed'), (error as Error).message);
    }
  };

  return (
    <Paper withBorder radius="sm" p="md">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} size="h4">
              {t('mailing.title')}
            </Title>
            <Text size="sm" c="gray.7">
              {t('mailing.intro')}
            </Text>
          </Stack>
          <Radio.Group label={t('mailing.schedule')} value={schedule} onChange={(value) => setSchedule(value as StatementSchedule)}>
            <Group gap="lg" mt={6}>
              {statementSchedules.map((s) => (
                <Radio key={s} value={s} label={t(`mailing.schedules.${s}`)} />
              ))}
            </Group>
          </Radio.Group>
          <TagsInput
            label={t('mailing.recipients')}
            description={t('mailing.recipientsHint', { max: STATEMENT_RECIPIENTS_MAX })}
            value={recipients}
            onChange={(value) => {
              setRecipients(value);
              setErrors({});
            }}
            maxTags={STATEMENT_RECIPIENTS_MAX}
            splitChars={[',', ';', ' ']}
            acceptValueOnBlur
            error={recipientsError}
          />
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="gray.7">
              {settings.lastMailedTo
                ? t('mailing.lastMailed', { date: format.plainDate(settings.lastMailedTo) })
                : t('mailing.neverMailed')}
            </Text>
            <Button type="submit" loading={save.isPending}>
              {t('mailing.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
