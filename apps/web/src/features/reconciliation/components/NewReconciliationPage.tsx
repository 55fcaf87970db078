/**
 * Reports > Reconciliation > New (`/app/reconciliation/new`; issue 22, docs/reconciliation.md
 * "Screens"): choose the customer's own file (.xlsx or .csv); its first rows show (POST
 * ReconciliationFile); map its columns and products (prefilled from the customer's saved mapping,
 * else guessed), choose the locations (none: all), the period (default the previous month) and
 * the date tolerance (default 3 days), and run it (POST Reconciliations, a fresh idempotency key
 * per submission): its page opens. The server's field messages show at their fields.
 */
import { Alert, Anchor, Button, FileInput, Group, Stack, Text, Title } from '@mantine/core';
import {
  RECONCILIATION_DEFAULT_TOLERANCE_DAYS,
  RECONCILIATION_MAX_BYTES,
  RECONCILIATION_MAX_PRODUCT_VALUES,
  type ReconciliationMapping,
  type ReconciliationPreview,
} from '@portal/domain';
import { IconFileUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api';
import { useFieldErrors } from '../../../lib/field-errors';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { useAllProducts } from '../../orders/api/get-products';
import { useToday } from '../../session/use-today';
import { previewReconciliationFile, useCreateReconciliation } from '../api/reconciliations';
import { type ColumnMapping, initialColumns, matchProducts, previousMonth } from '../lib/mapping';
import { ColumnFields } from './ColumnFields';
import { FilePreview } from './FilePreview';
import { ProductFields } from './ProductFields';
import { RunFields, type RunSettings } from './RunFields';

/** The page; see the file comment. */
export function NewReconciliationPage() {
  const { t } = useTranslation('reconciliation');
  const navigate = useNavigate();
  const { errors, setErrors, clear } = useFieldErrors();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ReconciliationPreview | null>(null);
  const [columns, setColumns] = useState<ColumnMapping | null>(null);
  const [chosenProducts, setChosenProducts] = useState<Map<string, number | null>>(new Map());
  const today = useToday();
  const [settings, setSettings] = useState<RunSettings>(() => ({
    ...previousMonth(today),
    locationIds: [],
    toleranceDays: RECONCILIATION_DEFAULT_TOLERANCE_DAYS,
  }));
  const products = useAllProducts();
  const { key, renew } = useIdempotencyKey();
  const create = useCreateReconciliation();

  const read = useMutation({
    mutationFn: ({ chosen, headerRow }: { chosen: File; headerRow?: number }) => previewReconciliationFile(chosen, headerRow),
    onSuccess: (answer, { headerRow }) => {
      setPreview(answer);
      setColumns((current) => (current && headerRow !== undefined ? { ...current, headerRow } : initialColumns(answer)));
      setErrors({});
    },
    onError: (error, { headerRow }) => {
      const fields = error instanceof ApiError && Object.keys(error.fields).length ? error.fields : null;
      // Another header row that fails keeps the form as it was, the message at the header row.
      if (headerRow !== undefined) return setErrors(fields ?? { 'mapping.headerRow': error.message });
      setPreview(null);
      setErrors(fields ?? { file: error.message });
    },
  });

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setColumns(null);
    setChosenProducts(new Map());
    clear('file');
    if (!chosen) return;
    const name = chosen.name.toLowerCase();
    if (!name.endsWith('.xlsx') && !name.endsWith('.csv')) setErrors({ file: t('file.type') });
    else if (chosen.size > RECONCILIATION_MAX_BYTES) setErrors({ file: t('file.size', { mb: RECONCILIATION_MAX_BYTES / 1024 / 1024 }) });
    else read.mutate({ chosen });
  };

  // The product column's values, each with the user's choice or else the prefilled match.
  const values = useMemo(
    () => (preview && columns ? (preview.columns.find((c) => c.index === columns.productColumn)?.distinctValues ?? []) : []),
    [preview, columns],
  );
  const matched = useMemo(
    () => matchProducts(values, products.data ?? [], preview?.mapping?.products ?? []),
    [values, products.data, preview],
  );
  const productOf = useMemo(
    () => new Map(values.map((v) => [v, chosenProducts.has(v) ? (chosenProducts.get(v) ?? null) : (matched.get(v) ?? null)])),
    [values, chosenProducts, matched],
  );

  const run = () => {
    if (!file || !preview || !columns) return;
    const mapped = [...productOf].flatMap(([value, productId]) => (productId === null ? [] : [{ value, productId }]));
    // Values of the saved mapping this file does not show stay mapped for the next file.
    const kept = (preview.mapping?.products ?? []).filter(
      (p) => !values.some((v) => v.trim().toLowerCase() === p.value.trim().toLowerCase()),
    );
    const sent = [...mapped, ...kept].slice(0, RECONCILIATION_MAX_PRODUCT_VALUES);
    create.mutate(
      {
        file,
        request: { ...settings, mapping: { ...columns, products: sent }, idempotencyKey: key },
      },
      {
        onSuccess: (created) => {
          renew();
          navigate(`/app/reconciliation/${created.id}`);
        },
        // The same key on a retry: a run whose answer was lost is answered, not run twice.
        onError: (error) => {
          setErrors(error instanceof ApiError ? productErrorsByValue(error.fields, sent) : {});
        },
      },
    );
  };
  const unplaced = Object.entries(errors).filter(([field]) => !placed.test(field));
  const failure =
    create.error && !(create.error instanceof ApiError && Object.keys(create.error.fields).length) ? create.error.message : null;

  return (
    <Stack gap="md" maw={1100}>
      <Stack gap={2}>
        <Anchor component={Link} to="/app/reconciliation" size="sm">
          {t('backToList')}
        </Anchor>
        <Title order={1} size="h2">
          {t('new.title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('new.intro')}
        </Text>
      </Stack>
      <FileInput
        label={t('file.label')}
        description={t('file.hint')}
        placeholder={t('file.placeholder')}
        accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        value={file}
        onChange={choose}
        clearable
        clearButtonProps={{ 'aria-label': t('common:actions.clear') }}
        leftSection={<IconFileUpload size={18} aria-hidden />}
        error={errors.file}
        w={{ base: '100%', sm: 480 }}
        required
      />
      {read.isPending && (
        <Text size="sm" role="status">
          {t('file.reading')}
        </Text>
      )}
      {preview && columns && (
        <>
          <FilePreview preview={preview} />
          {!preview.mapping && (
            <Alert color="blue" variant="light" role="status">
              {t('mapping.firstTime')}
            </Alert>
          )}
          <ColumnFields
            preview={preview}
            value={columns}
            onChange={(next) => {
              setColumns({ ...columns, ...next });
              for (const field of Object.keys(next)) clear(`mapping.${field}`);
            }}
            onHeaderRow={(headerRow) => file && read.mutate({ chosen: file, headerRow })}
            errors={errors}
          />
          <ProductFields
            values={values}
            products={products.data ?? []}
            chosen={productOf}
            onChange={(value, productId) => {
              clear(`product:${value}`);
              setChosenProducts(new Map(chosenProducts).set(value, productId));
            }}
            errors={errors}
          />
          <RunFields value={settings} onChange={setSettings} errors={errors} clear={clear} />
          {unplaced.length > 0 && (
            <Alert color="red" variant="light" role="alert">
              {unplaced.map(([field, message]) => (
                <Text key={field} size="sm">
                  {message}
                </Text>
              ))}
            </Alert>
          )}
          {failure && (
            <Alert color="red" variant="light" role="alert" title={t('new.failed')}>
              {failure}
            </Alert>
          )}
          <Group>
            <Button onClick={run} loading={create.isPending}>
              {t('new.run')}
            </Button>
            <Button component={Link} to="/app/reconciliation" variant="default">
              {t('new.cancel')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

/** The server's messages with those of `mapping.products.<i>.productId` under `product:<value>`, the select of that value. */
function productErrorsByValue(fields: Record<string, string>, sent: ReconciliationMapping['products']): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([field, message]) => {
      const index = /^mapping\.products\.(\d+)\./.exec(field)?.[1];
      const value = index === undefined ? undefined : sent[Number(index)]?.value;
      return [value === undefined ? field : `product:${value}`, message];
    }),
  );
}

/** The fields that show their own message (the rest are listed above the buttons). */
const placed =
  /^(product:.*|file|from|to|toleranceDays|locationIds|mapping\.(headerRow|dateColumn|referenceColumn|counterpartyColumn|productColumn|quantityColumn|quantityInColumn|quantityOutColumn|products))$/;
