/**
 * "Turn into a customer" in the request dialog (POST NewCustomerRequestConversion): the admin
 * chooses the customer type, the first location's number and type (the type follows the
 * customer type until changed), pooling and/or commission, and the administrator's login name
 * (suggested from the contact's email). A refused field (a login name or location number in
 * use) shows its message on the field; anything else says "Error saving" with the reason.
 */
import { Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  convertibleCustomerTypes,
  type NewCustomerRequestConversionInput,
  type NewCustomerRequestDetail,
  ZNewCustomerRequestConversion,
} from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useConvertNewCustomerRequest } from '../api/handle-new-customer-request';
import { fieldErrors } from '../lib/field-errors';

type CustomerType = (typeof convertibleCustomerTypes)[number];
type LocationType = NewCustomerRequestConversionInput['locationTypeId'];

/** The location type a customer type usually has. */
const locationTypeOf: Record<CustomerType, LocationType> = { supplier: 'LEV', wholesale: 'GRS', retail: 'BUT', haulier: 'TRP' };

interface ConvertValues {
  customerType: CustomerType;
  locationNumber: string;
  locationTypeId: LocationType;
  isPooling: boolean;
  isCommission: boolean;
  loginName: string;
}

export function ConvertRequestForm({ request }: { request: NewCustomerRequestDetail }) {
  const { t } = useTranslation(['registration', 'messages']);
  const convert = useConvertNewCustomerRequest();
  const toInput = (values: ConvertValues): NewCustomerRequestConversionInput => ({ id: request.id, ...values });
  const form = useForm<ConvertValues>({
    initialValues: {
      customerType: 'wholesale',
      locationNumber: '',
      locationTypeId: 'GRS',
      isPooling: true,
      isCommission: false,
      loginName: request.email.split('@')[0]?.slice(0, 50) ?? '',
    },
    validate: (values) => fieldErrors(ZNewCustomerRequestConversion, toInput(values), t),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await convert.mutateAsync(toInput(values));
      notifySuccess(t('detail.converted', { company: request.companyName, name: request.contactPerson }));
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).some((field) => field in values)) form.setErrors(error.fields);
      else notifyError(t('detail.errorSaving'), (error as Error).message);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('detail.convertTitle')}
        </Title>
        <Text size="sm">{t('detail.convertText', { name: request.contactPerson })}</Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NativeSelect
            label={t('detail.customerType')}
            data={convertibleCustomerTypes.map((value) => ({ value, label: t(`detail.customerTypes.${value}`) }))}
            {...form.getInputProps('customerType')}
            onChange={(event) => {
              const type = event.currentTarget.value as CustomerType;
              form.setFieldValue('customerType', type);
              form.setFieldValue('locationTypeId', locationTypeOf[type]);
            }}
          />
          <NativeSelect
            label={t('detail.locationType')}
            data={(['LEV', 'GRS', 'TRP', 'BUT'] as const).map((value) => ({ value, label: t(`messages:reports.locationTypes.${value}`) }))}
            {...form.getInputProps('locationTypeId')}
          />
          <TextInput label={t('detail.locationNumber')} required maxLength={50} {...form.getInputProps('locationNumber')} />
          <TextInput label={t('detail.loginName')} required maxLength={50} autoComplete="off" {...form.getInputProps('loginName')} />
        </SimpleGrid>
        <Group gap="lg">
          <Checkbox label={t('detail.pooling')} {...form.getInputProps('isPooling', { type: 'checkbox' })} />
          <Checkbox label={t('detail.commission')} {...form.getInputProps('isCommission', { type: 'checkbox' })} />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={convert.isPending}>
            {t('detail.convert')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
