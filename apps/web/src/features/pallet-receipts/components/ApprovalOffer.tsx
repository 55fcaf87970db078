/**
 * Offered after a save the server refused for a line's returned carriers (issue 20;
 * docs/pallet-receipts.md, "Quantities within reason"): more than the location holds may go back
 * only with the provider's approval, so the receipt can be saved to wait for it instead. A line
 * above a truckload is refused again: no approval lifts that.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The offer; `onRequest` saves the receipt again with `requestApproval`. */
export function ApprovalOffer({ busy, onRequest }: { busy: boolean; onRequest: () => void }) {
  const { t } = useTranslation('palletReceipts');
  return (
    <Alert color="orange" title={t('approval.offerTitle')} role="status">
      <Stack gap="sm">
        <Text size="sm">{t('approval.offerText')}</Text>
        <Button size="md" variant="default" loading={busy} leftSection={<IconSend size={18} aria-hidden />} onClick={onRequest}>
          {t('approval.request')}
        </Button>
      </Stack>
    </Alert>
  );
}
