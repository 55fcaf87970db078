/**
 * One archived mail (GET EmailArchive/{id}): subject, to (address, user, customer), from
 * location, order, written and sent times, status; then the mail itself. Its HTML is shown in
 * an iframe with `srcdoc` and an empty `sandbox` (no scripts, no forms, no popups, an opaque
 * origin that cannot reach the portal), so nothing in a mail can run (OWASP ASVS 4.0.3 V5.3.3);
 * the text version is shown as plain text, and is all there is for a mail without HTML.
 */
import { Alert, Box, Divider, Modal, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import type { EmailArchiveMail } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { useFormat } from '../../../lib/format';
import { useWide } from '../../counting/lib/use-wide';
import { useEmailArchiveMail } from './api';
import { MailStatusBadge, useTopicLabel } from './labels';

/** The dialog; open while `id` is set. */
export function MailDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('emailArchive');
  const wide = useWide();
  const mail = useEmailArchiveMail(id);
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      title={mail.data?.subject ?? t('mail.title')}
      size="xl"
      fullScreen={!wide}
      closeButtonProps={{ 'aria-label': t('mail.close') }}
    >
      {mail.isPending ? (
        <PageLoader />
      ) : mail.isError ? (
        <Alert color="red" title={t('mail.loadFailed')}>
          {mail.error.message}
        </Alert>
      ) : (
        <MailView mail={mail.data} />
      )}
    </Modal>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function MailView({ mail }: { mail: EmailArchiveMail }) {
  const { t } = useTranslation('emailArchive');
  const format = useFormat();
  const topic = useTopicLabel();
  const text = (
    <Box component="pre" m={0} p="sm" bg="gray.0" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit' }}>
      {mail.body}
    </Box>
  );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
        <Fact label={t('mail.to')}>{mail.toAddress}</Fact>
        {mail.toUserName && <Fact label={t('mail.toUser')}>{mail.toUserName}</Fact>}
        {mail.toCustomerName && <Fact label={t('mail.toCustomer')}>{mail.toCustomerName}</Fact>}
        {mail.fromLocationName && <Fact label={t('mail.fromLocation')}>{mail.fromLocationName}</Fact>}
        <Fact label={t('mail.topic')}>{topic(mail.topic)}</Fact>
        {mail.orderId !== null && <Fact label={t('mail.order')}>{mail.orderId}</Fact>}
        <Fact label={t('mail.written')}>{format.dateTime(mail.createdAt)}</Fact>
        <Fact label={t('mail.sentAt')}>{mail.sentAt ? format.dateTime(mail.sentAt) : t('mail.notSent')}</Fact>
        <Fact label={t('mail.status')}>
          <MailStatusBadge status={mail.status} />
        </Fact>
        {mail.attachments.length > 0 && (
          <Fact label={t('mail.attachments')}>
            {mail.attachments
              .map((a) => t('mail.attachment', { name: a.fileName, size: format.number(Math.max(1, Math.round(a.size / 1024))) }))
              .join(', ')}
          </Fact>
        )}
      </SimpleGrid>
      <Divider />
      {mail.html ? (
        <Tabs defaultValue="html" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="html">{t('mail.formatted')}</Tabs.Tab>
            <Tabs.Tab value="text">{t('mail.plainText')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="html" pt="sm">
            <iframe
              title={t('mail.frameTitle', { subject: mail.subject })}
              sandbox=""
              srcDoc={mail.html}
              referrerPolicy="no-referrer"
              style={{ width: '100%', height: 420, border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4, background: '#fff' }}
            />
          </Tabs.Panel>
          <Tabs.Panel value="text" pt="sm">
            {text}
          </Tabs.Panel>
        </Tabs>
      ) : (
        text
      )}
    </Stack>
  );
}
