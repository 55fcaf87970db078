/**
 * The signatures of a receipt: each side's drawing with the signer's name and time, and, while
 * the receipt may be signed (`actions.sign`: open or waiting for approval), the fields to sign for a side that has not (POST PalletReceiptSignature;
 * a side signs once: the server answers 409 when it has meanwhile). When both sides have signed
 * a handover is final and posts.
 */
import { Button, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PalletReceipt, PalletReceiptParty } from '@portal/domain';
import { IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../session/use-session';
import { useSignPalletReceipt } from '../api/pallet-receipts';
import { SignatureFields, type SignatureValue } from './SignatureFields';

/** Signs for one side. */
function SignFor({ receipt, party, legend }: { receipt: PalletReceipt; party: PalletReceiptParty; legend: string }) {
  const { t } = useTranslation('palletReceipts');
  const sign = useSignPalletReceipt();
  const { status } = useSession();
  // The location's side is usually the user; the counterparty's driver types his own name.
  const [value, setValue] = useState<SignatureValue>({ name: party === 'to' ? status.user.name : '', image: null });
  const [errors, setErrors] = useState<{ name?: string; image?: string }>({});
  const submit = async () => {
    const found = { name: value.name.trim() ? undefined : t('form.required'), image: value.image ? undefined : t('signature.missing') };
    setErrors(found);
    if (found.name || found.image || !value.image) return;
    try {
      await sign.mutateAsync({ id: receipt.id, party, name: value.name.trim(), image: value.image });
      notifySuccess(t('signature.saved'));
    } catch (error) {
      notifyError(t('signature.failed'), (error as Error).message);
    }
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="xs">
        <SignatureFields legend={legend} nameLabel={t('signature.name')} value={value} onChange={setValue} resetKey={0} errors={errors} />
        <Button type="submit" size="md" variant="light" leftSection={<IconSignature size={18} aria-hidden />} loading={sign.isPending}>
          {t('signature.save')}
        </Button>
      </Stack>
    </form>
  );
}

/** The signature card of the receipt's page. */
export function ReceiptSignatures({ receipt }: { receipt: PalletReceipt }) {
  const { t } = useTranslation('palletReceipts');
  const format = useFormat();
  const kind = receipt.inventory ? 'inventory' : 'handover';
  const order: PalletReceiptParty[] = receipt.inventory ? ['to', 'from'] : ['from', 'to'];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="receipt-signatures-title">
      <Title order={2} size="h4" mb="sm" id="receipt-signatures-title">
        {t('signature.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {order.map((party) => {
          const legend = t(`parties.${kind}.${party}`);
          const signature = receipt.signatures.find((s) => s.party === party);
          if (signature)
            return (
              <Stack key={party} gap={4}>
                <Text size="sm" fw={600}>
                  {legend}
                </Text>
                <Image
                  src={signature.image}
                  alt={t('signature.imageAlt', { name: signature.name })}
                  maw={260}
                  mah={100}
                  fit="contain"
                  bg="white"
                  style={{ border: '1px solid var(--mantine-color-gray-3)' }}
                />
                <Text size="sm">{signature.name}</Text>
                <Text size="xs" c="gray.7">
                  {format.dateTime(signature.signedAt)}
                </Text>
              </Stack>
            );
          if (!receipt.actions.sign)
            return (
              <Stack key={party} gap={4}>
                <Text size="sm" fw={600}>
                  {legend}
                </Text>
                <Text size="sm">{t('signature.none')}</Text>
              </Stack>
            );
          return <SignFor key={party} receipt={receipt} party={party} legend={legend} />;
        })}
      </SimpleGrid>
    </Paper>
  );
}
