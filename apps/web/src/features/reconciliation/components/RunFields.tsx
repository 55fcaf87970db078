/**
 * What a reconciliation runs over (issue 22): the acting customer's locations of the user's scope
 * (none chosen: all of them), the period (from / to, at most RECONCILIATION_MAX_DAYS) and the
 * date tolerance in days either side (default 3).
 */
import { Fieldset, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { RECONCILIATION_MAX_DAYS, RECONCILIATION_MAX_TOLERANCE_DAYS } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../components/number-input/NumberInput';
import { DateRangePickers } from '../../../components/open-day-date-picker/DateRangePickers';
import { useBalanceLocations } from '../../balance/api/get-balance-locations';
import { useSession } from '../../session/use-session';

/** The run's settings as the request sends them. */
export interface RunSettings {
  locationIds: number[];
  from: string;
  to: string;
  toleranceDays: number;
}

interface RunFieldsProps {
  value: RunSettings;
  onChange: (next: RunSettings) => void;
  errors: Record<string, string>;
  clear: (field: string) => void;
}

/** The fields; see the file comment. */
export function RunFields({ value, onChange, errors, clear }: RunFieldsProps) {
  const { t } = useTranslation('reconciliation');
  const { status } = useSession();
  const locations = useBalanceLocations();
  // The acting customer's locations only: a reconciliation is one customer's.
  const options = (locations.data ?? [])
    .filter((l) => l.customerId === status.customer.id)
    .map((l) => ({ value: String(l.id), label: l.number ? `${l.name} (${l.number})` : l.name }));
  const periodError = errors.from ?? errors.to;
  return (
    <Fieldset legend={t('run.legend')}>
      <Stack gap="sm">
        <MultiSelect
          label={t('run.locations')}
          description={t('run.locationsHint')}
          placeholder={value.locationIds.length ? undefined : t('allLocations')}
          data={options}
          value={value.locationIds.map(String)}
          onChange={(ids) => {
            clear('locationIds');
            onChange({ ...value, locationIds: ids.map(Number) });
          }}
          searchable
          clearable
          hidePickedOptions
          limit={300}
          nothingFoundMessage={t('run.noLocation')}
          error={errors.locationIds}
          w={{ base: '100%', sm: 520 }}
        />
        <div>
          <DateRangePickers
            value={{ from: value.from, to: value.to }}
            onChange={(range) => {
              clear('from');
              clear('to');
              onChange({ ...value, from: range.from ?? value.from, to: range.to ?? value.to });
            }}
            fromLabel={t('run.from')}
            toLabel={t('run.to')}
            maxDays={RECONCILIATION_MAX_DAYS - 1}
            pickerProps={{ allDaysOpen: true, clearable: false, w: 170, required: true }}
          />
          {periodError && (
            <Text size="sm" c="var(--portal-text-danger)" role="alert" mt={4}>
              {periodError}
            </Text>
          )}
        </div>
        <Group>
          <NumberInput
            label={t('run.tolerance')}
            description={t('run.toleranceHint')}
            value={value.toleranceDays}
            min={0}
            max={RECONCILIATION_MAX_TOLERANCE_DAYS}
            onChange={(days) => {
              clear('toleranceDays');
              onChange({ ...value, toleranceDays: days ?? 0 });
            }}
            error={errors.toleranceDays}
            w={{ base: '100%', xs: 220 }}
          />
        </Group>
      </Stack>
    </Fieldset>
  );
}
