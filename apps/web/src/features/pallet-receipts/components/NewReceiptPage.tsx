/**
 * A new pallet receipt (`/app/pallet-receipts`) or count at the dock (`/app/pallet-receipts-inv`),
 * phone first (375 px, 44 px touch targets). The location comes first (spec section 5: "location
 * first for pallet receipts"; the user's active locations, preset to the acting one or the only
 * one) and when (now by default). A handover then names the counterparty, haulier, car number, the product lines (delivered
 * to and returned by the location), a comment and the two signatures: the driver (`from`, the
 * counterparty's side) and the receiver (`to`, the location's). A count names the counted carriers
 * per product of the location and the signatures of the counter (`to`) and a witness (`from`).
 * Saving sends POST PalletReceipts (with the form's idempotency key), then POST
 * PalletReceiptSignature for each drawn signature (lib/save-receipt.ts), and shows the number, the
 * QR code of the dock's link and the PDF (ReceiptSaved). A refused save shows the server's reason
 * and marks the fields it names; one that names a line's returned carriers (more than the location
 * holds) offers to send the receipt to the provider for approval instead (issue 20).
 */
import { Alert, Button, Group, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { PalletReceipt, PalletReceiptCounterparty, PalletReceiptParty } from '@portal/domain';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { notifyError } from '../../../lib/notify';
import { useLocationProducts } from '../../counting/api/get-location-products';
import { useSession } from '../../session/use-session';
import { useReceiptLocations } from '../api/pallet-receipts';
import { type Errors, fieldErrors, localDateTime, useSaveReceipt } from '../lib/save-receipt';
import { useReceiptVariant } from '../lib/variant';
import { ApprovalOffer } from './ApprovalOffer';
import { CountedLines } from './CountedLines';
import { CounterpartySelect } from './CounterpartySelect';
import { type DraftLine, emptyLine, ReceiptLinesInput } from './ReceiptLinesInput';
import { ReceiptSaved } from './ReceiptSaved';
import { ReceiptsNav } from './ReceiptsNav';
import { SignatureFields, type SignatureValue } from './SignatureFields';
import { TransportFields } from './TransportFields';

/** The page: the form until saved, then the saved receipt. */
export function NewReceiptPage() {
  const { t } = useTranslation('palletReceipts');
  const variant = useReceiptVariant();
  const [saved, setSaved] = useState<{ receipt: PalletReceipt; unsigned: string[] } | null>(null);
  const [formKey, setFormKey] = useState(0);
  const kind = variant.inventory ? 'inventory' : 'handover';
  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h2">
        {t(`${kind}.title`)}
      </Title>
      <ReceiptsNav />
      {saved ? (
        <ReceiptSaved
          receipt={saved.receipt}
          unsigned={saved.unsigned}
          onNew={() => {
            setSaved(null);
            setFormKey((key) => key + 1);
          }}
        />
      ) : (
        <ReceiptForm key={`${variant.base}-${formKey}`} onSaved={(receipt, unsigned) => setSaved({ receipt, unsigned })} />
      )}
    </Stack>
  );
}

/** The form of the current variant. */
function ReceiptForm({ onSaved }: { onSaved: (receipt: PalletReceipt, unsigned: string[]) => void }) {
  const { t } = useTranslation('palletReceipts');
  const variant = useReceiptVariant();
  const { status } = useSession();
  const locations = useReceiptLocations(status.customer.id);
  const list = locations.data ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  // The acting location when the user may write there, else the only one; until the user picks one.
  const acting = status.location?.id ?? null;
  const locationId = chosen ?? (list.some((l) => l.id === acting) ? acting : list.length === 1 ? (list[0]?.id ?? null) : null);
  const products = useLocationProducts(locationId);
  const [counterparty, setCounterparty] = useState<PalletReceiptCounterparty | null>(null);
  const [haulier, setHaulier] = useState('');
  const [carNumber, setCarNumber] = useState('');
  const [lines, setLines] = useState<DraftLine[]>(() => [emptyLine()]);
  const [counted, setCounted] = useState<Record<number, number | null>>({});
  const [comment, setComment] = useState('');
  // When the carriers changed hands, in the device's time (a native picker on a phone). Left as
  // shown, the server takes the moment of saving; changed, the time chosen.
  const [handedOverAt, setHandedOverAt] = useState(() => localDateTime(new Date()));
  const [timeChanged, setTimeChanged] = useState(false);
  const [signatures, setSignatures] = useState<Record<PalletReceiptParty, SignatureValue>>({
    from: { name: '', image: null },
    to: { name: status.user.name, image: null },
  });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  // A refusal that names returned carriers: the provider may approve more than the location holds.
  const [offerApproval, setOfferApproval] = useState(false);
  const save = useSaveReceipt();

  const kind = variant.inventory ? 'inventory' : 'handover';
  if (locations.isPending) return <PageLoader />;
  if (list.length === 0) return <Alert color="orange">{t('form.noLocations')}</Alert>;

  const required = t('form.required');
  const countLines = (products.data ?? [])
    .filter((p) => counted[p.id] !== null && counted[p.id] !== undefined)
    .map((p) => ({ productId: p.id, counted: counted[p.id] as number }));

  /** What the browser can tell before sending: the server checks the same and more. */
  const check = (): Errors => {
    const found: Errors = {};
    if (!locationId) found.locationId = required;
    if (!handedOverAt || Number.isNaN(new Date(handedOverAt).getTime())) found.handedOverAt = required;
    else if (new Date(handedOverAt).getTime() > Date.now() + 5 * 60_000) found.handedOverAt = t('form.future');
    if (variant.inventory) {
      if (countLines.length === 0) found.lines = t('form.noCounts');
    } else {
      if (!counterparty) found.counterpartyLocationId = required;
      if (!haulier.trim()) found.haulier = required;
      if (!carNumber.trim()) found.carNumber = required;
      lines.forEach((line, index) => {
        if (!line.productId) found[`${index}.productId`] = required;
        if (!line.delivered && !line.returned) found[`${index}.delivered`] = t('form.noQuantity');
      });
    }
    for (const party of ['from', 'to'] as const) {
      const signature = signatures[party];
      if (signature.image && !signature.name.trim()) found[`${party}.name`] = required;
    }
    return found;
  };

  const submit = async (event: FormEvent | null, requestApproval = false) => {
    event?.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0 || !locationId) return;
    setBusy(true);
    setOfferApproval(false);
    const when = timeChanged ? new Date(handedOverAt).toISOString() : undefined;
    const drawn = (['from', 'to'] as const).flatMap((party) => {
      const { name, image } = signatures[party];
      return image ? [{ party, name: name.trim(), image, label: t(`parties.${kind}.${party}`) }] : [];
    });
    try {
      const { receipt, unsigned } = await save(
        variant.inventory
          ? { inventory: true, locationId, handedOverAt: when, comment: comment.trim() || undefined, lines: countLines }
          : {
              locationId,
              handedOverAt: when,
              ...(counterparty?.kind === 'external'
                ? { externalLocationId: counterparty.id }
                : { counterpartyLocationId: counterparty?.id }),
              haulier: haulier.trim(),
              carNumber: carNumber.trim(),
              comment: comment.trim() || undefined,
              lines: lines.map((line) => ({
                productId: line.productId as number,
                delivered: line.delivered ?? 0,
                returned: line.returned ?? 0,
              })),
              ...(requestApproval ? { requestApproval: true } : {}),
            },
        drawn,
      );
      setBusy(false);
      onSaved(receipt, unsigned);
    } catch (error) {
      setBusy(false);
      const mapped = fieldErrors(error);
      setOfferApproval(!variant.inventory && Object.keys(mapped).some((key) => /^\d+\.returned$/.test(key)));
      // A count's lines are named by their place among the counted products: show each on its product.
      if (variant.inventory) {
        for (const [key, message] of Object.entries(mapped)) {
          const line = /^(\d+)\./.exec(key);
          const productId = line ? countLines[Number(line[1])]?.productId : undefined;
          if (productId) mapped[`product.${productId}`] = message;
        }
      }
      setErrors(mapped);
      notifyError(t('form.failed'), (error as Error).message);
    }
  };

  const signature = (party: PalletReceiptParty) => (
    <SignatureFields
      legend={t(`parties.${kind}.${party}`)}
      nameLabel={t('signature.name')}
      value={signatures[party]}
      onChange={(value) => setSignatures((current) => ({ ...current, [party]: value }))}
      resetKey={0}
      errors={{ name: errors[`${party}.name`] }}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {t(`${kind}.intro`)}
        </Text>
        <Select
          label={t('form.location')}
          size="md"
          required
          data={list.map((l) => ({ value: String(l.id), label: l.name }))}
          value={locationId ? String(locationId) : null}
          onChange={(value) => {
            setChosen(value ? Number(value) : null);
            setCounterparty(null);
            setLines([emptyLine()]);
            setCounted({});
          }}
          allowDeselect={false}
          searchable={list.length > 8}
          error={errors.locationId}
        />
        <TextInput
          type="datetime-local"
          label={t(variant.inventory ? 'form.countedAt' : 'form.handedOverAt')}
          description={variant.inventory ? undefined : t('form.handedOverAtHint')}
          size="md"
          required
          max={localDateTime(new Date())}
          value={handedOverAt}
          onChange={(event) => {
            setHandedOverAt(event.currentTarget.value);
            setTimeChanged(true);
          }}
          error={errors.handedOverAt}
          maw={280}
        />
        {variant.inventory ? (
          <CountedLines
            products={products.data ?? []}
            loading={products.isPending && locationId !== null}
            counted={counted}
            onChange={setCounted}
            errors={errors}
          />
        ) : (
          <>
            <CounterpartySelect
              locationId={locationId}
              value={counterparty}
              onChange={setCounterparty}
              error={errors.counterpartyLocationId ?? errors.externalLocationId}
            />
            <TransportFields haulier={haulier} carNumber={carNumber} onHaulier={setHaulier} onCarNumber={setCarNumber} errors={errors} />
            <Stack gap={4}>
              <Title order={2} size="h4">
                {t('lines.title')}
              </Title>
              <Text size="sm" c="gray.7">
                {t('lines.hint')}
              </Text>
            </Stack>
            {products.isPending && locationId !== null ? (
              <PageLoader />
            ) : (
              <ReceiptLinesInput products={products.data ?? []} lines={lines} onChange={setLines} errors={errors} />
            )}
            {offerApproval && <ApprovalOffer busy={busy} onRequest={() => void submit(null, true)} />}
          </>
        )}
        <Textarea
          label={t('form.comment')}
          size="md"
          autosize
          minRows={2}
          maxLength={1000}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          error={errors.comment}
        />
        <Title order={2} size="h4">
          {t('signature.title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t(`${kind}.signHint`)}
        </Text>
        {/* A handover: the driver hands over, then the receiver; a count: the counter, then the witness. */}
        {variant.inventory ? signature('to') : signature('from')}
        {variant.inventory ? signature('from') : signature('to')}
        <Group>
          <Button type="submit" size="lg" loading={busy} leftSection={<IconDeviceFloppy size={20} aria-hidden />} fullWidth>
            {t(`${kind}.save`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
