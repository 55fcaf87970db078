/**
 * What the dock sees right after saving: the receipt's number and status, what it waits for (the
 * provider's approval, or the counterparty's confirmation when its balance moves; issue 20), the
 * QR code of the dock's link (answered this one time: the server keeps only its hash) for the
 * driver to scan: it confirms or objects only when no other party's balance moves, else it shows
 * the receipt; a count at the dock has none. Then the PDF, the receipt's page, and a new receipt.
 * Signatures that could not be saved are listed with the reason; they can be given on the
 * receipt's page.
 */
import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { PalletReceipt } from '@portal/domain';
import { IconCircleCheck, IconPlus } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { variantOf } from '../lib/variant';
import { ReceiptPdfButton } from './ReceiptPdfButton';
import { ReceiptQrCode } from './ReceiptQrCode';
import { ReceiptStatusBadge } from './ReceiptStatusBadge';
import { ReceiptWaitsFor } from './ReceiptWaitsFor';

interface ReceiptSavedProps {
  receipt: PalletReceipt;
  /** Signatures that failed, each "party: reason". */
  unsigned: string[];
  onNew: () => void;
}

/** The saved receipt; focus moves to its heading so a screen reader hears it. */
export function ReceiptSaved({ receipt, unsigned, onNew }: ReceiptSavedProps) {
  const { t } = useTranslation('palletReceipts');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const variant = variantOf(receipt);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap">
          <IconCircleCheck size={28} color="var(--portal-text-ok)" aria-hidden />
          <Title order={2} size="h3" ref={heading} tabIndex={-1}>
            {t('saved.title', { number: receipt.receiptNumber })}
          </Title>
        </Group>
        <Group gap="xs">
          <Text size="sm">{t('saved.status')}</Text>
          <ReceiptStatusBadge status={receipt.status} />
        </Group>
        <ReceiptWaitsFor receipt={receipt} />
        {unsigned.length > 0 && (
          <Alert color="red" title={t('saved.unsigned')} role="alert">
            <List size="sm">
              {unsigned.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {receipt.qrUrl && (
          <ReceiptQrCode
            url={receipt.qrUrl}
            number={receipt.receiptNumber}
            answerable={receipt.status === 'open' && !receipt.needsConsent}
          />
        )}
        <Group gap="sm">
          <ReceiptPdfButton receipt={receipt} />
          <Button size="md" variant="default" component={Link} to={`/app/${variant.base}/${receipt.id}`}>
            {t('saved.open')}
          </Button>
          <Button size="md" leftSection={<IconPlus size={18} aria-hidden />} onClick={onNew}>
            {t(variant.inventory ? 'inventory.new' : 'handover.new')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
