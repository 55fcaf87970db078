/**
 * Publishing a message (`/app/global/publishing/new`, `/app/global/publishing/{id}`; global
 * admins; docs/messages.md): every field of spec section 3 (type, area, path, task, must-read,
 * show from / to, language, location type, visibility with its customer), the five locales'
 * texts side by side, a preview in each language, save (a show-from in the future schedules
 * it), withdraw and restore. Checked with the shared schema before sending; the server's field
 * messages land on the fields, anything else shows "Could not save".
 */
import { Alert, Anchor, Button, Checkbox, Group, Paper, Radio, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { locales, locationTypes, type MessageStatus, messageTypes, tasks, ZPublishMessageRequest } from '@portal/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { OpenDayDatePicker } from '../../../../components/open-day-date-picker/OpenDayDatePicker';
import { PageLoader } from '../../../../components/page-loader';
import { ApiError, api } from '../../../../lib/api';
import { usePublishedMessage, usePublishMessage } from '../api/published-messages';
import { emptyValues, type PublishingFormValues, toRequest, valuesOf } from '../lib/form';
import { MessagePreview } from './MessagePreview';
import { MessageTexts } from './MessageTexts';
import { StatusBadge } from './StatusBadge';

/** Customers whose name starts with `term` (GET Customers; global admins see every customer). */
function useCustomers(term: string) {
  return useQuery({
    queryKey: ['publishing', 'customers', term],
    queryFn: ({ signal }) => api<{ id: number; name: string }[]>('GET', 'Customers', { signal, query: { term, include: 'id,name' } }),
  });
}

/** The editor page; see the file comment. */
export function MessageEditorPage() {
  const { t } = useTranslation(['publishing', 'messages']);
  const navigate = useNavigate();
  const param = useParams().id;
  const id = param && /^\d{1,10}$/.test(param) ? Number(param) : null;
  const stored = usePublishedMessage(id);
  const publish = usePublishMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<PublishingFormValues>({ mode: 'controlled', initialValues: emptyValues() });
  const [customerSearch, setCustomerSearch] = useState('');
  const [term] = useDebouncedValue(customerSearch, 250);
  const customers = useCustomers(term);

  const loaded = stored.data;
  const { initialize } = form;
  useEffect(() => {
    if (loaded) initialize(valuesOf(loaded));
  }, [loaded, initialize]);

  const save = async (withdrawn?: boolean) => {
    setFailure(null);
    setSaved(false);
    const request = toRequest(form.getValues(), id ?? undefined, withdrawn);
    const checked = ZPublishMessageRequest.safeParse(request);
    if (!checked.success) {
      form.setErrors(Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), t(`messages:${issue.message}`)])));
      return;
    }
    try {
      const message = await publish.mutateAsync(request);
      setSaved(true);
      form.resetDirty();
      if (!id) navigate(`/app/global/publishing/${message.id}`, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length) form.setErrors(error.fields);
      else setFailure(error instanceof Error ? error.message : String(error));
    }
  };

  if (id !== null && stored.isPending) return <PageLoader />;
  if ((param && id === null) || stored.isError)
    return (
      <Alert color="red" title={t('editor.notFound')}>
        {stored.error?.message}
      </Alert>
    );
  const values = form.getValues();
  const status = loaded?.status as MessageStatus | undefined;
  const anyOption = (key: string) => ({ value: '', label: t(key) });

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/app/global/publishing" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('editor.back')}
        </Group>
      </Anchor>
      <Group gap="sm" align="center">
        <Title order={1} size="h2">
          {id ? t('editor.editTitle') : t('editor.newTitle')}
        </Title>
        {status && <StatusBadge status={status} />}
      </Group>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="lg">
          <Paper withBorder p="md" radius="sm">
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('editor.audience')}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
                <Select
                  label={t('fields.type')}
                  data={messageTypes.map((value) => ({ value, label: t(`types.${value}`) }))}
                  allowDeselect={false}
                  {...form.getInputProps('type')}
                />
                <Select
                  label={t('fields.language')}
                  data={[anyOption('audience.everyLanguage'), ...locales.map((value) => ({ value, label: t(`languages.${value}`) }))]}
                  allowDeselect={false}
                  {...form.getInputProps('language')}
                />
                <Select
                  label={t('fields.locationType')}
                  data={[
                    anyOption('audience.everyLocationType'),
                    ...locationTypes.map((value) => ({ value, label: t(`locationTypes.${value}`) })),
                  ]}
                  allowDeselect={false}
                  {...form.getInputProps('locationType')}
                />
                <Select
                  label={t('fields.task')}
                  data={[anyOption('audience.everyTask'), ...tasks.map((value) => ({ value, label: t(`tasks.${value}`) }))]}
                  allowDeselect={false}
                  {...form.getInputProps('taskId')}
                />
              </SimpleGrid>
              <Radio.Group label={t('fields.visibility')} {...form.getInputProps('visibility')}>
                <Group gap="lg" mt={4}>
                  <Radio value="all" label={t('visibility.all')} />
                  <Radio value="customer" label={t('visibility.customer')} />
                </Group>
              </Radio.Group>
              {values.visibility === 'customer' && (
                <Select
                  label={t('fields.customer')}
                  searchable
                  searchValue={customerSearch}
                  onSearchChange={setCustomerSearch}
                  nothingFoundMessage={t('editor.noCustomer')}
                  data={[
                    ...(loaded?.customerId && loaded.customerName && !customers.data?.some((c) => c.id === loaded.customerId)
                      ? [{ value: String(loaded.customerId), label: loaded.customerName }]
                      : []),
                    ...(customers.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
                  ]}
                  value={values.customerId ? String(values.customerId) : null}
                  onChange={(value) => form.setFieldValue('customerId', value ? Number(value) : null)}
                  error={form.errors.customerId}
                  maw={420}
                />
              )}
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
                <OpenDayDatePicker
                  label={t('fields.showFrom')}
                  description={t('fields.showFromHelp')}
                  allDaysOpen
                  value={values.showFrom}
                  onChange={(value) => form.setFieldValue('showFrom', value)}
                  max={values.showTo}
                  error={form.errors.showFrom}
                />
                <OpenDayDatePicker
                  label={t('fields.showTo')}
                  description={t('fields.showToHelp')}
                  allDaysOpen
                  value={values.showTo}
                  onChange={(value) => form.setFieldValue('showTo', value)}
                  min={values.showFrom}
                  error={form.errors.showTo}
                />
                <TextInput label={t('fields.area')} description={t('fields.areaHelp')} maxLength={50} {...form.getInputProps('area')} />
                <TextInput label={t('fields.path')} description={t('fields.pathHelp')} maxLength={200} {...form.getInputProps('path')} />
              </SimpleGrid>
              <Checkbox
                label={t('fields.mustRead')}
                description={t('fields.mustReadHelp')}
                {...form.getInputProps('mustRead', { type: 'checkbox' })}
              />
            </Stack>
          </Paper>
          <Paper withBorder p="md" radius="sm">
            <MessageTexts form={form} />
          </Paper>
          <Paper withBorder p="md" radius="sm">
            <MessagePreview values={values} />
          </Paper>
          {failure && (
            <Alert color="red" title={t('editor.saveFailed')} role="alert">
              {failure}
            </Alert>
          )}
          {saved && (
            <Text c="green.9" role="status">
              {t('editor.saved')}
            </Text>
          )}
          <Group gap="sm">
            <Button type="submit" loading={publish.isPending}>
              {id ? t('editor.save') : t('editor.publish')}
            </Button>
            {id !== null && status !== 'withdrawn' && (
              <Button variant="outline" color="red" onClick={() => void save(true)} loading={publish.isPending}>
                {t('editor.withdraw')}
              </Button>
            )}
            {id !== null && status === 'withdrawn' && (
              <Button variant="outline" onClick={() => void save(false)} loading={publish.isPending}>
                {t('editor.restore')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
