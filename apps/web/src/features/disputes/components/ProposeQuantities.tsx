/**
 * "Propose other quantities" on a dispute's page (issue 22; docs/disputes.md, "Answering"): the
 * party the dispute waits for proposes, per product, the carriers it should be instead (starting
 * from those proposed now), with the steps' comment; the dispute then waits for the other side.
 * Negative quantities only for a pallet receipt (its net, delivered - returned, may be); the
 * server checks the rest and its refusal shows in the steps' box.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import type { Dispute } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../components/number-input/NumberInput';

/** The quantities to propose and the button that sends them (`send` with every line). */
export function ProposeQuantities({
  dispute,
  pending,
  send,
}: {
  dispute: Dispute;
  pending: boolean;
  send: (lines: { productId: number; quantity: number }[]) => void;
}) {
  const { t } = useTranslation('disputes');
  const [quantities, setQuantities] = useState<(number | null)[]>(() => dispute.lines.map((l) => l.quantity));
  const min = dispute.sourceKind === 'palletReceipt' ? -100_000 : 0;
  const unchanged = dispute.lines.every((l, i) => quantities[i] === l.quantity);
  const complete = quantities.every((q) => q !== null);
  return (
    <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" fw={600} size="sm">
        {t('steps.proposeTitle')}
      </Text>
      {dispute.lines.map((line, index) => (
        <NumberInput
          key={line.productId}
          label={t('steps.proposeFor', { product: line.productName, booked: line.wasQuantity })}
          value={quantities[index] ?? null}
          min={min}
          max={100_000}
          onChange={(value) => setQuantities((current) => current.map((q, i) => (i === index ? value : q)))}
          w={{ base: '100%', sm: 320 }}
        />
      ))}
      <Group>
        <Button
          variant="light"
          loading={pending}
          disabled={unchanged || !complete}
          onClick={() => send(dispute.lines.map((l, i) => ({ productId: l.productId, quantity: quantities[i] as number })))}
        >
          {t('steps.sendProposal')}
        </Button>
        {unchanged && (
          <Text size="sm" c="gray.7">
            {t('steps.proposeHint')}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
