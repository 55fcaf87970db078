/**
 * Company (`/app/company`; spec sections 2 "logo" dialog, 3 "Company", 5 and 8): the acting
 * customer's logo (upload an image, checked by content on the server; "Could not delete") and
 * its contact, invoice, order-confirmed and purchase emails, invoice reference and phone
 * ("Error saving company info"), and how its statements are mailed (issue 22,
 * features/statements). Customer admins and global admins; anyone else sees the
 * server's refusal.
 */
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { CompanyInfo, SaveCompanyInfoRequest } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { StatementMailingCard } from '../../statements/components/StatementMailingCard';
import { useCompanyInfo, useSaveCompanyInfo } from '../api/company-info';
import { LogoCard } from './LogoCard';

type Field = keyof SaveCompanyInfoRequest;
const fields: { field: Field; type: 'email' | 'tel' | 'text'; maxLength: number }[] = [
  { field: 'contactEmail', type: 'email', maxLength: 254 },
  { field: 'invoiceEmail', type: 'email', maxLength: 254 },
  { field: 'orderConfirmedEmail', type: 'email', maxLength: 254 },
  { field: 'purchaseEmail', type: 'email', maxLength: 254 },
  { field: 'invoiceReference', type: 'text', maxLength: 100 },
  { field: 'phone', type: 'tel', maxLength: 40 },
];

/** The page; see the file comment. */
export function CompanyPage() {
  const { t } = useTranslation('companyUsers');
  const info = useCompanyInfo();
  if (info.isPending) return <PageLoader />;
  if (info.isError)
    return (
      <Alert color="red" title={t('company.loadFailed')}>
        {info.error.message}
      </Alert>
    );
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {info.data.name}
        </Title>
        <Text size="sm" c="gray.7">
          {t('company.intro')}
        </Text>
      </Stack>
      <LogoCard info={info.data} />
      <CompanyInfoForm key={info.data.id} info={info.data} />
      <StatementMailingCard />
    </Stack>
  );
}

function CompanyInfoForm({ info }: { info: CompanyInfo }) {
  const { t } = useTranslation('companyUsers');
  const save = useSaveCompanyInfo();
  const [values, setValues] = useState<Record<Field, string>>(
    () => Object.fromEntries(fields.map(({ field }) => [field, info[field] ?? ''])) as Record<Field, string>,
  );
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = async () => {
    setErrors({});
    try {
      await save.mutateAsync(Object.fromEntries(fields.map(({ field }) => [field, values[field].trim()])));
      notifySuccess(t('company.saved'));
    } catch (error) {
      const found = error instanceof ApiError ? error.fields : {};
      setErrors(found);
      notifyError(t('company.saveFailed'), (error as Error).message);
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
          <Title order={2} size="h4">
            {t('company.infoTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {fields.map(({ field, type, maxLength }) => (
              <TextInput
                key={field}
                label={t(`company.${field}`)}
                type={type}
                autoComplete={type === 'email' ? 'email' : type === 'tel' ? 'tel' : 'off'}
                maxLength={maxLength}
                value={values[field]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setValues((current) => ({ ...current, [field]: value }));
                  setErrors((current) => ({ ...current, [field]: undefined }));
                }}
                error={errors[field]}
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('company.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
