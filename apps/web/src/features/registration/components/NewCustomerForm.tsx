/**
 * The fields of a new customer request (spec section 3), in four groups: company and address,
 * invoice (email, reference, optionally a different address), contact person, and the need.
 * Checked with the shared schema before it is sent; the server's field messages land on the
 * same fields. The `website` field, never displayed, is the honeypot.
 */
import { Button, Checkbox, Fieldset, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { type Locale, type NewCustomerRequest, ZNewCustomerRequest } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../lib/field-errors';
import { emptyRequestForm, type RequestFormValues, toRequest } from '../lib/request-form';
import { addressNames, invoiceAddressNames, RequestAddressFields } from './RequestAddressFields';
import { TermsField } from './TermsField';

interface NewCustomerFormProps {
  /** Sends a checked request; resolves with the server's field messages when it refused some (else empty). */
  onSubmit: (request: NewCustomerRequest) => Promise<Record<string, string>>;
  sending: boolean;
}

/**
 * The honeypot: not displayed (so neither seen, nor reached with the keyboard, nor read out),
 * but in the page's HTML, where form-filling robots find and fill it.
 */
function Honeypot({ form }: { form: UseFormReturnType<RequestFormValues> }) {
  const { t } = useTranslation('registration');
  return (
    <div hidden>
      <TextInput label={t('page.honeypot')} tabIndex={-1} autoComplete="off" {...form.getInputProps('website')} />
    </div>
  );
}

export function NewCustomerForm({ onSubmit, sending }: NewCustomerFormProps) {
  const { t, i18n } = useTranslation(['registration', 'messages']);
  const language = i18n.language as Locale;
  const form = useForm<RequestFormValues>({
    initialValues: emptyRequestForm,
    validate: (values) => fieldErrors(ZNewCustomerRequest, toRequest(values, language), t),
  });
  const label = (field: string) => t(`messages:registration.fields.${field}`);
  const country = form.values.country;

  const submit = form.onSubmit(async (values) => {
    const request = ZNewCustomerRequest.parse(toRequest(values, language));
    const refused = await onSubmit(request);
    if (Object.keys(refused).length) form.setErrors(refused);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Text size="sm">{t('page.requiredNote')}</Text>
        <Fieldset legend={t('page.company')}>
          <Stack gap="sm">
            <TextInput
              label={label('companyName')}
              required
              autoComplete="organization"
              maxLength={200}
              {...form.getInputProps('companyName')}
            />
            <RequestAddressFields form={form} names={addressNames} />
            <TextInput
              label={label('vatNumber')}
              required
              maxLength={30}
              description={country ? t(`page.vatHint.${country}`) : undefined}
              {...form.getInputProps('vatNumber')}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend={t('page.invoice')}>
          <Stack gap="sm">
            <TextInput
              label={label('invoiceEmail')}
              type="email"
              autoComplete="email"
              maxLength={254}
              {...form.getInputProps('invoiceEmail')}
            />
            <TextInput label={label('invoiceReference')} maxLength={100} {...form.getInputProps('invoiceReference')} />
            <Checkbox label={t('page.differentInvoice')} {...form.getInputProps('differentInvoice', { type: 'checkbox' })} />
            {form.values.differentInvoice && <RequestAddressFields form={form} names={invoiceAddressNames} />}
          </Stack>
        </Fieldset>
        <Fieldset legend={t('page.contact')}>
          <Stack gap="sm">
            <TextInput
              label={label('contactPerson')}
              required
              autoComplete="name"
              maxLength={200}
              {...form.getInputProps('contactPerson')}
            />
            <TextInput label={label('email')} required type="email" autoComplete="email" maxLength={254} {...form.getInputProps('email')} />
            <TextInput label={label('phone')} required type="tel" autoComplete="tel" maxLength={30} {...form.getInputProps('phone')} />
          </Stack>
        </Fieldset>
        <Fieldset legend={t('page.about')}>
          <Stack gap="sm">
            <TextInput label={label('industry')} maxLength={200} {...form.getInputProps('industry')} />
            <TextInput
              label={label('palletsPerYear')}
              inputMode="numeric"
              maxLength={8}
              {...form.getInputProps('palletsPerYear')}
              onChange={(event) => form.setFieldValue('palletsPerYear', event.currentTarget.value.replace(/\D/g, ''))}
            />
            <TextInput label={label('openingHours')} maxLength={200} {...form.getInputProps('openingHours')} />
            <Textarea label={label('need')} autosize minRows={2} maxRows={6} maxLength={2000} {...form.getInputProps('need')} />
          </Stack>
        </Fieldset>
        <TermsField
          checked={form.values.termsAccepted}
          onChange={(checked) => form.setFieldValue('termsAccepted', checked)}
          error={form.errors.termsAccepted as string | undefined}
        />
        <Honeypot form={form} />
        <Button type="submit" loading={sending} style={{ alignSelf: 'flex-start' }}>
          {t('page.submit')}
        </Button>
      </Stack>
    </form>
  );
}
