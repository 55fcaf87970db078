/**
 * The "import from Excel" dialog of an order list (spec section 2: "import from Excel (header
 * row count, start row)"; issue 3). The user chooses an .xlsx, says how many header rows it
 * has and where the data starts, and whether the orders become drafts; the template of the
 * list can be downloaded. "Preview" sends the file (upload progress in percent, then "checking
 * the rows") and shows the counts and every row with its problems, optionally only the rows
 * with problems; "Import N valid rows" sends it again and the server creates the valid rows'
 * orders in one transaction. A toast then says how many orders were created, and the list
 * refreshes. Errors of the server are shown in the dialog and announced.
 */
import { Alert, Box, Button, Checkbox, FileInput, Group, Modal, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { ORDERS_IMPORT_MAX_BYTES, type OrdersImportResult } from '@portal/domain';
import { IconAlertCircle, IconArrowLeft, IconDownload, IconFileSpreadsheet, IconInfoCircle, IconUpload } from '@tabler/icons-react';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../components/number-input/NumberInput';
import { useFormat } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { downloadImportTemplate, type ImportRequest, importFileProblem, useImportOrders } from '../api/import-orders';
import { notifyError, notifySuccess } from '../lib/notify';
import { transactionTypeOf } from '../lib/order-form';
import type { OrderKind } from '../lib/order-lists';
import { ImportPreviewTable } from './ImportPreviewTable';
import classes from './import-preview.module.css';

interface ImportOrdersDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The kind of order the list places (purchase, sale, delivery). */
  kind: OrderKind;
  /** The acting location: the customer side of every imported order. */
  locationId: number;
}

/** A call under way: its purpose, the share of the file sent (0-1) and whether the server has it all. */
interface Sending {
  purpose: 'preview' | 'import';
  sent: number;
  uploaded: boolean;
}

/** The modal; its state starts afresh every time it opens. */
export function ImportOrdersDialog({ opened, onClose, kind, locationId }: ImportOrdersDialogProps) {
  const { t } = useTranslation('orders');
  const sending = useRef<AbortController | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    sending.current?.abort();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t(`import.title.${kind}`)}
      size="min(78rem, 96vw)"
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
    >
      {opened && <ImportForm kind={kind} locationId={locationId} onClose={close} sending={sending} onBusy={setBusy} />}
    </Modal>
  );
}

function ImportForm({
  kind,
  locationId,
  onClose,
  sending,
  onBusy,
}: {
  kind: OrderKind;
  locationId: number;
  onClose: () => void;
  sending: RefObject<AbortController | null>;
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  const transactionTypeId = transactionTypeOf[kind];
  const call = useImportOrders();
  const [file, setFile] = useState<File | null>(null);
  const [headerRows, setHeaderRows] = useState<number | null>(1);
  const [startRow, setStartRow] = useState<number | null>(2);
  const [draft, setDraft] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<Sending | null>(null);
  const [result, setResult] = useState<OrdersImportResult | null>(null);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [templateBusy, setTemplateBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // A field that fails the checks gets the focus, so its label and message are read out.
  useEffect(() => {
    if (Object.keys(errors).length) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  // The import's idempotency key: one per opening of the dialog (the component mounts with it).
  const [importKey] = useState(newIdempotencyKey);

  const shownRows = useMemo(
    () => (result ? (onlyProblems ? result.rows.filter((row) => row.problems.length > 0) : result.rows) : []),
    [result, onlyProblems],
  );

  const check = (): ImportRequest | null => {
    const next: Record<string, string> = {};
    const problem = file ? importFileProblem(file) : null;
    if (!file) next.file = t('import.fileRequired');
    else if (problem === 'type') next.file = t('import.fileType');
    else if (problem === 'size') next.file = t('import.fileTooLarge', { max: format.number(ORDERS_IMPORT_MAX_BYTES / 1024 / 1024) });
    if (headerRows === null) next.headerRows = t('import.required');
    if (startRow === null) next.startRow = t('import.required');
    else if (headerRows !== null && startRow <= headerRows) next.startRow = t('import.startRowAfterHeader');
    setErrors(next);
    if (Object.keys(next).length || !file || headerRows === null || startRow === null) return null;
    return { file, transactionTypeId, locationId, headerRows, startRow, draft, preview: true };
  };

  const send = async (request: ImportRequest) => {
    const controller = new AbortController();
    sending.current = controller;
    const purpose = request.preview ? 'preview' : 'import';
    setError(null);
    setProgress({ purpose, sent: 0, uploaded: false });
    // An import cannot be called back once the server has the file: the dialog stays open until it answers.
    if (!request.preview) onBusy(true);
    try {
      const answer = await call.mutateAsync({
        request,
        progress: {
          signal: controller.signal,
          onUploadProgress: (sent) => setProgress((current) => current && { ...current, sent }),
          onUploaded: () => setProgress((current) => current && { ...current, sent: 1, uploaded: true }),
        },
      });
      if (request.preview) {
        setResult(answer);
        setOnlyProblems(false);
      } else {
        notifySuccess(t('import.done', { count: answer.ids.length }), t('import.doneTitle'));
        onClose();
      }
    } catch (failure) {
      if ((failure as Error).name === 'AbortError') return;
      const message = (failure as Error).message;
      if (request.preview) setError(message);
      else {
        setError(message);
        notifyError(t('import.importFailed'), message);
      }
    } finally {
      if (sending.current === controller) sending.current = null;
      setProgress(null);
      onBusy(false);
    }
  };

  const preview = () => {
    const request = check();
    if (request) void send(request);
  };
  const importValid = () => {
    const request = check();
    if (request) void send({ ...request, preview: false, importKey });
  };
  const template = async () => {
    setTemplateBusy(true);
    try {
      await downloadImportTemplate(transactionTypeId, locationId);
    } catch (failure) {
      notifyError(t('import.templateFailed'), (failure as Error).message);
    } finally {
      setTemplateBusy(false);
    }
  };
  // A changed file or option makes the preview out of date.
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setResult(null);
      setError(null);
    };

  const percent = Math.round((progress?.sent ?? 0) * 100);
  const working = progress !== null;
  const phase = !progress
    ? ''
    : !progress.uploaded
      ? t('import.uploading')
      : progress.purpose === 'preview'
        ? t('import.checking')
        : t('import.importing');
  // The phase is announced; the percentage is the progress bar's value (not read out at every step).
  const progressView = progress && (
    <Stack gap={6}>
      <Text size="sm" role="status">
        {phase}
      </Text>
      {progress.uploaded ? (
        <div role="progressbar" aria-label={phase}>
          <Progress.Root size="lg">
            <Progress.Section value={100} animated withAria={false} />
          </Progress.Root>
        </div>
      ) : (
        <Group gap="sm" wrap="nowrap">
          <Progress value={percent} size="lg" aria-label={phase} style={{ flex: 1 }} />
          <Text size="sm" w={48} ta="right" aria-hidden>
            {format.number(percent / 100, { style: 'percent' })}
          </Text>
        </Group>
      )}
    </Stack>
  );

  if (result) {
    return (
      <Stack gap="sm">
        <Alert role="status" variant="light" color={result.invalidRows > 0 ? 'yellow' : 'green'} icon={<IconInfoCircle aria-hidden />}>
          <Text size="sm" fw={700}>
            {t('import.previewTitle', { name: file?.name ?? '' })}
          </Text>
          <Text size="sm">
            {t('import.validRows', { count: result.validRows, formatted: format.number(result.validRows) })}{' '}
            {t('import.invalidRows', { count: result.invalidRows, formatted: format.number(result.invalidRows) })}{' '}
            {t('import.orders', { count: result.orders, formatted: format.number(result.orders) })}
          </Text>
        </Alert>
        {result.rows.length === 0 ? (
          <Text size="sm">{t('import.noRows')}</Text>
        ) : (
          <>
            <Group justify="space-between">
              <Checkbox
                label={t('import.onlyProblems')}
                checked={onlyProblems}
                disabled={result.invalidRows === 0}
                onChange={(event) => setOnlyProblems(event.currentTarget.checked)}
              />
              <Text size="sm" c="gray.7" aria-live="polite">
                {t('import.shown', { shown: format.number(shownRows.length), total: format.number(result.rows.length) })}
              </Text>
            </Group>
            <ImportPreviewTable rows={shownRows} maxHeight="min(460px, 55vh)" />
          </>
        )}
        {progressView}
        {error && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />} title={t('import.importFailed')}>
            {error}
          </Alert>
        )}
        <Group justify="space-between" gap="sm">
          <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={() => setResult(null)} disabled={working}>
            {t('import.back')}
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onClose} disabled={working}>
              {t('dialog.cancel')}
            </Button>
            <Button
              leftSection={<IconUpload size={16} aria-hidden />}
              disabled={result.validRows === 0}
              loading={working}
              onClick={importValid}
            >
              {t('import.submit', { count: result.validRows, formatted: format.number(result.validRows) })}
            </Button>
          </Group>
        </Group>
      </Stack>
    );
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        preview();
      }}
    >
      <Stack gap="md">
        <Text size="sm">{t('import.intro')}</Text>
        <FileInput
          label={t('import.file')}
          placeholder={t('import.filePlaceholder')}
          classNames={{ placeholder: classes.filePlaceholder }}
          description={t('import.fileHint', { max: format.number(ORDERS_IMPORT_MAX_BYTES / 1024 / 1024) })}
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          value={file}
          onChange={changed(setFile)}
          error={errors.file}
          clearable
          withAsterisk
          disabled={working}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberInput
            label={t('import.headerRows')}
            description={t('import.headerRowsHint')}
            value={headerRows}
            min={0}
            max={100}
            onChange={changed((value: number | null) => {
              setHeaderRows(value);
              // The data starts after the headers: move the start row along when it would fall among them.
              if (value !== null && startRow !== null && startRow <= value) setStartRow(value + 1);
            })}
            error={errors.headerRows}
            disabled={working}
          />
          <NumberInput
            label={t('import.startRow')}
            description={t('import.startRowHint')}
            value={startRow}
            min={1}
            max={1_048_576}
            onChange={changed(setStartRow)}
            error={errors.startRow}
            disabled={working}
          />
        </SimpleGrid>
        <Checkbox
          label={t('import.draft')}
          description={t('import.draftHint')}
          checked={draft}
          onChange={(event) => changed(setDraft)(event.currentTarget.checked)}
          disabled={working}
        />
        <Box>
          <Button
            variant="subtle"
            px={0}
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void template()}
            loading={templateBusy}
          >
            {t('import.template')}
          </Button>
        </Box>
        {progressView}
        {error && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />} title={t('import.failed')}>
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" loading={working} leftSection={<IconFileSpreadsheet size={16} aria-hidden />}>
            {t('import.preview')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
