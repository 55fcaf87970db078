/**
 * Company > Counting > Register count (`/app/company/audit/new`; spec section 3 "Count audit"):
 * a location's count on a day (any day up to today, week numbers shown), the counted carriers
 * per product of the location (the portal's number input, 0-1,000,000; a product left empty is
 * not counted). Saving registers the count and opens it, with the ledger's figures per product.
 * A refused save says "Error saving" (spec section 8) with the server's reason, and marks the
 * fields it names.
 */
import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { COUNT_MAX_QUANTITY } from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NumberInput } from '../../../components/number-input/NumberInput';
import { OpenDayDatePicker } from '../../../components/open-day-date-picker/OpenDayDatePicker';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../session/use-session';
import { useToday } from '../../session/use-today';
import { useCountAuditLocations } from '../api/get-count-audit-locations';
import { useLocationProducts } from '../api/get-location-products';
import { useRegisterCountAudit } from '../api/register-count-audit';
import { BackToCounting } from './BackToCounting';
import { CountLocationSelect } from './CountLocationSelect';

/** The register form; see the file comment. */
export function RegisterCountPage() {
  const { t } = useTranslation('counting');
  const { status } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const locations = useCountAuditLocations();
  const list = locations.data ?? [];
  const asked = Number(params.get('locationId')) || status.location?.id || null;
  const [chosen, setChosen] = useState<number | null>(null);
  // The location asked for (or the acting one) when it may be counted, else the first; until the user picks one.
  const locationId = chosen ?? (list.some((l) => l.id === asked) ? asked : (list[0]?.id ?? null));
  const products = useLocationProducts(locationId);
  const today = useToday();
  const [date, setDate] = useState<string | null>(today);
  const [counted, setCounted] = useState<Record<number, number | null>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  // One key per visit of the page (it leaves on success): a retry after a lost answer registers one count.
  const { key: idempotencyKey } = useIdempotencyKey();
  const register = useRegisterCountAudit();

  if (locations.isPending) return <PageLoader />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const lines = (products.data ?? [])
      .filter((p) => counted[p.id] !== null && counted[p.id] !== undefined)
      .map((p) => ({ productId: p.id, countedQuantity: counted[p.id] as number }));
    setErrors(lines.length === 0 ? { lines: t('form.noLines') } : {});
    // The date picker cannot be cleared and a location is always chosen once the list has one.
    if (!locationId || !date || lines.length === 0) return;
    try {
      const audit = await register.mutateAsync({ locationId, date, lines, idempotencyKey });
      notifySuccess(t('form.saved'));
      navigate(`/app/company/audit/${audit.id}`);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      // The server names lines by their place in the request: show each on its product's row.
      const byField: Record<string, string> = {};
      for (const [path, message] of Object.entries(fields)) {
        const line = /^lines\.(\d+)\./.exec(path);
        const productId = line ? lines[Number(line[1])]?.productId : undefined;
        byField[productId ? `product.${productId}` : path] = message;
      }
      setErrors(byField);
      notifyError(t('form.errorSaving'), (error as Error).message);
    }
  };

  return (
    <Stack gap="md" maw={860}>
      <BackToCounting />
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('form.title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('form.intro')}
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group gap="md" align="flex-start" wrap="wrap">
            <CountLocationSelect
              label={t('form.location')}
              locations={list}
              value={locationId}
              onChange={(next) => {
                setChosen(next);
                setCounted({});
              }}
              required
              error={errors.locationId}
              allowDeselect={false}
              w={{ base: '100%', xs: 320 }}
            />
            <OpenDayDatePicker
              label={t('form.date')}
              value={date}
              onChange={setDate}
              max={today}
              allDaysOpen
              clearable={false}
              required
              error={errors.date}
              w={{ base: '100%', xs: 220 }}
            />
          </Group>
          <Paper withBorder radius="sm">
            {products.isPending && locationId !== null ? (
              <PageLoader />
            ) : products.isError ? (
              <Alert color="red" m="md" title={t('form.productsFailed')}>
                {products.error.message}
              </Alert>
            ) : (products.data ?? []).length === 0 ? (
              <Text p="md">{t('form.noProducts')}</Text>
            ) : (
              <Table verticalSpacing={6}>
                <caption className="visually-hidden">{t('form.products')}</caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('form.product')}</Table.Th>
                    <Table.Th w={170}>{t('form.counted')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(products.data ?? []).map((product) => (
                    <Table.Tr key={product.id}>
                      <Table.Td>
                        <Text size="sm" id={`count-product-${product.id}`}>
                          {product.name}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={t('form.countedOf', { product: product.name })}
                          value={counted[product.id] ?? null}
                          onChange={(value) => setCounted((current) => ({ ...current, [product.id]: value }))}
                          max={COUNT_MAX_QUANTITY}
                          error={errors[`product.${product.id}`]}
                          size="sm"
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Paper>
          {errors.lines && (
            <Text size="sm" c="var(--portal-text-danger)" role="alert">
              {errors.lines}
            </Text>
          )}
          <Group gap="sm">
            <Button type="submit" loading={register.isPending}>
              {t('form.save')}
            </Button>
            <Button component={Link} to="/app/company/audit" variant="default">
              {t('form.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
