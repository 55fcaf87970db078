/**
 * One side's signature at the dock: the signer's name and the shared signature pad (drawn with
 * a finger, or the typed name). The parent keeps the values and sends them with
 * POST PalletReceiptSignature.
 */
import { Fieldset, Stack, Text, TextInput } from '@mantine/core';
import { SignaturePad } from '../../../components/signature-pad/SignaturePad';

/** What one side's fields hold. */
export interface SignatureValue {
  name: string;
  image: string | null;
}

interface SignatureFieldsProps {
  /** The side's legend ("Driver (hands over)"). */
  legend: string;
  /** The name field's label. */
  nameLabel: string;
  value: SignatureValue;
  onChange: (value: SignatureValue) => void;
  resetKey: number;
  errors?: { name?: string; image?: string };
}

/** A fieldset with the name and the pad. */
export function SignatureFields({ legend, nameLabel, value, onChange, resetKey, errors }: SignatureFieldsProps) {
  return (
    <Fieldset legend={legend} radius="sm" p="sm">
      <Stack gap="xs">
        <TextInput
          label={nameLabel}
          size="md"
          maxLength={100}
          autoComplete="off"
          value={value.name}
          onChange={(event) => onChange({ ...value, name: event.currentTarget.value })}
          error={errors?.name}
        />
        <SignaturePad name={value.name} resetKey={resetKey} party={legend} size="md" onChange={(image) => onChange({ ...value, image })} />
        {errors?.image && (
          <Text size="sm" c="var(--portal-text-danger)" role="alert">
            {errors.image}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
