/**
 * "Return containers" (POST RentalStatus `Returned`; docs/containers.md, "Rentals"): the renting
 * location (or provider staff) returns some or all of the containers out, each checked OK or
 * "Needs repair"; a container that needs repair needs a comment, and any may have a photo (JPEG
 * or PNG up to 5 MB, taken with the phone's camera where there is one: `capture`). The server's
 * field messages show at their container.
 */
import { Button, Checkbox, FileInput, Group, Modal, Paper, Radio, Stack, Text, Textarea } from '@mantine/core';
import { RENTAL_PHOTO_MAX_BYTES, type Rental } from '@portal/domain';
import { IconCamera } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRentalStep } from '../api/rentals';

interface ReturnContainersDialogProps {
  rental: Rental;
  opened: boolean;
  onClose: () => void;
}

/** What the user filled in for one container. */
interface Check {
  returning: boolean;
  check: 'OK' | 'NeedsRepair';
  comment: string;
  photo: File | null;
}

/** A file as a data URL (`data:image/jpeg;base64,...`). */
function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The dialog; see the file comment. */
export function ReturnContainersDialog({ rental, opened, onClose }: ReturnContainersDialogProps) {
  const { t } = useTranslation(['containers', 'messages']);
  const step = useRentalStep();
  const out = rental.containers.filter((c) => c.returnedOn === null);
  const [checks, setChecks] = useState<Record<number, Check>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});

  // Filled afresh each time the dialog opens (not when the rental refreshes meanwhile).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the opening resets the form
  useEffect(() => {
    if (opened) setChecks(Object.fromEntries(out.map((c) => [c.containerId, { returning: true, check: 'OK', comment: '', photo: null }])));
  }, [opened]);

  const update = (id: number, change: Partial<Check>) => {
    setChecks((current) => ({ ...current, [id]: { ...(current[id] as Check), ...change } }));
    setErrors({});
  };
  const close = () => {
    setErrors({});
    onClose();
  };
  const returning = out.filter((c) => checks[c.containerId]?.returning);
  const submit = async () => {
    const found: Record<string, string> = {};
    if (returning.length === 0) found.none = t('return.noneChosen');
    for (const c of returning) {
      const check = checks[c.containerId] as Check;
      if (check.check === 'NeedsRepair' && !check.comment.trim()) found[`${c.containerId}.comment`] = t('return.repairComment');
      if (check.photo && check.photo.size > RENTAL_PHOTO_MAX_BYTES) found[`${c.containerId}.photo`] = t('return.photoTooLarge');
      if (check.photo && !['image/jpeg', 'image/png'].includes(check.photo.type)) found[`${c.containerId}.photo`] = t('return.photoType');
    }
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    try {
      const returns = await Promise.all(
        returning.map(async (c) => {
          const check = checks[c.containerId] as Check;
          return {
            containerId: c.containerId,
            check: check.check,
            ...(check.comment.trim() ? { comment: check.comment.trim() } : {}),
            ...(check.photo ? { photo: await readAsDataUrl(check.photo) } : {}),
          };
        }),
      );
      await step.mutateAsync({ id: rental.id, status: 'Returned', returns });
      notifySuccess(t('return.saved', { count: returns.length }));
      close();
    } catch (failure) {
      if (failure instanceof ApiError && Object.keys(failure.fields).length) {
        // returns.<i>.<field> -> <containerId>.<field>
        const mapped: Record<string, string> = {};
        for (const [path, message] of Object.entries(failure.fields)) {
          const match = /^returns\.(\d+)\.(\w+)$/.exec(path);
          const container = match ? returning[Number(match[1])] : undefined;
          mapped[container ? `${container.containerId}.${match?.[2]}` : 'none'] = message;
        }
        setErrors(mapped);
      } else close();
      notifyError(t('return.failed'), (failure as Error).message);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('return.title', { id: rental.id })}
      closeButtonProps={{ 'aria-label': t('cancel') }}
      size="lg"
    >
      <Stack gap="md">
        <Text size="sm">{t('return.text')}</Text>
        {errors.none && (
          <Text size="sm" c="var(--portal-text-danger)" role="alert">
            {errors.none}
          </Text>
        )}
        {out.map((c) => {
          const check = checks[c.containerId];
          if (!check) return null;
          const name = c.grai ? `${c.serialNumber} · ${c.grai}` : c.serialNumber;
          return (
            <Paper key={c.containerId} withBorder radius="sm" p="sm" component="fieldset" m={0}>
              <Text component="legend" className="visually-hidden">
                {name}
              </Text>
              <Checkbox
                size="md"
                label={t('return.returning', { name })}
                checked={check.returning}
                onChange={(event) => update(c.containerId, { returning: event.currentTarget.checked })}
              />
              {check.returning && (
                <Stack gap="sm" mt="sm">
                  <Radio.Group
                    label={t('return.check')}
                    value={check.check}
                    onChange={(value) => update(c.containerId, { check: value as Check['check'] })}
                  >
                    <Group gap="lg" mt={6}>
                      <Radio size="md" value="OK" label={t('containerStatus.OK')} />
                      <Radio size="md" value="NeedsRepair" label={t('containerStatus.NeedsRepair')} />
                    </Group>
                  </Radio.Group>
                  <Textarea
                    label={t('return.comment')}
                    required={check.check === 'NeedsRepair'}
                    value={check.comment}
                    onChange={(event) => update(c.containerId, { comment: event.currentTarget.value })}
                    error={errors[`${c.containerId}.comment`]}
                    autosize
                    minRows={2}
                    maxLength={1000}
                  />
                  <FileInput
                    label={t('return.photo')}
                    description={t('return.photoHint')}
                    placeholder={t('return.photoPlaceholder')}
                    accept="image/jpeg,image/png"
                    capture="environment"
                    clearable
                    clearButtonProps={{ 'aria-label': t('return.removePhoto') }}
                    // The placeholder is drawn text here (not an attribute): dark enough for 4.5:1.
                    styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
                    leftSection={<IconCamera size={18} aria-hidden />}
                    value={check.photo}
                    onChange={(photo) => update(c.containerId, { photo })}
                    error={errors[`${c.containerId}.photo`]}
                  />
                </Stack>
              )}
            </Paper>
          );
        })}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={step.isPending}>
            {t('cancel')}
          </Button>
          <Button onClick={submit} loading={step.isPending}>
            {t('return.save', { count: returning.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
