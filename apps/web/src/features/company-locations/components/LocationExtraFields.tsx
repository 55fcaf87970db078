/**
 * The location dialog's delivery, email and scheme fields: load type, the delivery window,
 * ramp and lift, delivery and transport instructions; the order confirmation, purchase and
 * return order emails; the provider's scheme flags, which only a global admin changes.
 */
import { Checkbox, Fieldset, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { loadTypes } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { type FieldErrors, flagNames, type Values } from '../lib/location-form';

interface LocationExtraFieldsProps {
  values: Values;
  set: <K extends keyof Values>(field: K, value: Values[K]) => void;
  errors: FieldErrors;
  globalAdmin: boolean;
}

/** The three fieldsets; see the file comment. */
export function LocationExtraFields({ values, set, errors, globalAdmin }: LocationExtraFieldsProps) {
  const { t } = useTranslation('locations');
  const email = (field: 'emailOrderConfirmation' | 'emailPurchase' | 'emailReturn') => (
    <TextInput
      label={t(`fields.${field}`)}
      maxLength={500}
      type="email"
      value={values[field]}
      onChange={(e) => set(field, e.currentTarget.value)}
      error={errors[field]}
    />
  );
  return (
    <>
      <Fieldset legend={t('sections.delivery')}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select
              label={t('fields.loadType')}
              clearable
              data={loadTypes.map((type) => ({ value: type, label: t(`loadTypes.${type}`) }))}
              value={values.loadType}
              onChange={(v) => set('loadType', v)}
            />
            <TimeInput
              label={t('fields.deliveryFrom')}
              value={values.deliveryFrom}
              onChange={(e) => set('deliveryFrom', e.currentTarget.value)}
              error={errors.deliveryFrom}
            />
            <TimeInput
              label={t('fields.deliveryTo')}
              value={values.deliveryTo}
              onChange={(e) => set('deliveryTo', e.currentTarget.value)}
              error={errors.deliveryTo}
            />
          </SimpleGrid>
          <Group gap="lg">
            <Checkbox label={t('fields.hasRamp')} checked={values.hasRamp} onChange={(e) => set('hasRamp', e.currentTarget.checked)} />
            <Checkbox
              label={t('fields.needsLift')}
              checked={values.needsLift}
              onChange={(e) => set('needsLift', e.currentTarget.checked)}
            />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Textarea
              label={t('fields.deliveryInstructions')}
              autosize
              minRows={2}
              maxLength={1000}
              value={values.deliveryInstructions}
              onChange={(e) => set('deliveryInstructions', e.currentTarget.value)}
            />
            <Textarea
              label={t('fields.transportInstructions')}
              autosize
              minRows={2}
              maxLength={1000}
              value={values.transportInstructions}
              onChange={(e) => set('transportInstructions', e.currentTarget.value)}
            />
          </SimpleGrid>
        </Stack>
      </Fieldset>

      <Fieldset legend={t('sections.emails')}>
        <Stack gap="sm">
          <Text size="sm" c="gray.7">
            {t('fields.emailsHint')}
          </Text>
          {email('emailOrderConfirmation')}
          {email('emailPurchase')}
          {email('emailReturn')}
        </Stack>
      </Fieldset>

      <Fieldset legend={t('sections.schemes')}>
        <Stack gap="xs">
          {!globalAdmin && (
            <Text size="sm" c="gray.7">
              {t('fields.schemesProvider')}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
            {flagNames.map((flag) => (
              <Checkbox
                key={flag}
                label={t(`flags.${flag}`)}
                checked={values.flags[flag]}
                disabled={!globalAdmin}
                onChange={(e) => set('flags', { ...values.flags, [flag]: e.currentTarget.checked })}
              />
            ))}
          </SimpleGrid>
        </Stack>
      </Fieldset>
    </>
  );
}
