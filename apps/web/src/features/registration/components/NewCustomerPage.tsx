/**
 * /new-customer and /visitors (spec section 2: visitors shares the new-customer screen): a
 * prospective customer's request (POST NewCustomerRequests, no sign-in). Sent: a thank-you with
 * the address the confirmation went to. Refused fields: their messages on the fields. Any other
 * failure (the service, the network, too many requests): "Error in submission" with the advice
 * to send the details by email, and a link to the provider's website where the address is.
 */
import '@mantine/core/styles/Fieldset.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import type { NewCustomerRequest } from '@portal/domain';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api';
import { providerSiteUrl } from '../../../lib/provider-site';
import { useSubmitNewCustomerRequest } from '../api/submit-new-customer-request';
import { NewCustomerForm } from './NewCustomerForm';

/** Alert titles in the portal's text colours (global.css): Mantine's light ones fall below 4.5:1 on their tint. */
export const titleStyles = {
  ok: { title: { color: 'var(--portal-text-ok)' } },
  danger: { title: { color: 'var(--portal-text-danger)' } },
} as const;

export function NewCustomerPage() {
  const { t } = useTranslation(['registration', 'public']);
  const send = useSubmitNewCustomerRequest();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  const submit = async (request: NewCustomerRequest): Promise<Record<string, string>> => {
    setFailed(false);
    try {
      await send.mutateAsync(request);
      setSentTo(request.email);
      window.scrollTo({ top: 0 });
      return {};
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length) return error.fields;
      setFailed(true);
      return {};
    }
  };

  return (
    <Stack maw={720} mx="auto" gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('page.title')}
        </Title>
        {!sentTo && <Text mt="xs">{t('page.intro')}</Text>}
      </div>
      {sentTo ? (
        <Alert color="green" icon={<IconCircleCheck aria-hidden />} title={t('page.successTitle')} role="status" styles={titleStyles.ok}>
          {t('page.successText', { email: sentTo })}
        </Alert>
      ) : (
        <>
          {failed && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t('page.errorTitle')} role="alert" styles={titleStyles.danger}>
              <Text size="sm">{t('page.errorText')}</Text>
              <Anchor href={providerSiteUrl()} size="sm">
                {t('page.website')}
              </Anchor>
            </Alert>
          )}
          <NewCustomerForm onSubmit={submit} sending={send.isPending} />
        </>
      )}
      <Anchor component={Link} to="/">
        {t('public:backToLogin')}
      </Anchor>
    </Stack>
  );
}
