/**
 * A dispute's evidence on its page (issue 22; docs/disputes.md, "Evidence"): the files with name,
 * size, who added them and when, each downloadable; for a party of an unended dispute
 * (`actions.addEvidence`) a button to add photos or PDFs (at most 10 MiB each; the server checks
 * the content). A refusal shows the server's translated message.
 */
import { Alert, Button, FileButton, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { ATTACHMENT_MAX_BYTES, type Dispute, EVIDENCE_ACCEPT } from '@portal/domain';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/scroll-table/ScrollTable';
import { formatSize, useFormat } from '../../../lib/format';

import { downloadEvidence, useAddEvidence } from '../api/evidence';

/** The evidence card; see the file comment. */
export function DisputeEvidence({ dispute }: { dispute: Dispute }) {
  const { t, i18n } = useTranslation('disputes');
  const format = useFormat();
  const add = useAddEvidence(dispute.id);
  const [error, setError] = useState<string | null>(null);
  const send = (files: File[]) => {
    if (!files.length) return;
    setError(null);
    if (files.some((f) => f.size > ATTACHMENT_MAX_BYTES)) {
      setError(t('evidence.tooLarge', { max: format.number(ATTACHMENT_MAX_BYTES / 1024 / 1024) }));
      return;
    }
    add.mutate(files, { onError: (e) => setError((e as Error).message) });
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="dispute-evidence">
      <Title order={2} size="h4" id="dispute-evidence" mb="xs">
        {t('evidence.title')}
      </Title>
      {dispute.evidence.length === 0 ? (
        <Text size="sm" mb="sm">
          {t('evidence.none')}
        </Text>
      ) : (
        <ScrollTable minWidth={340} label={t('evidence.files')}>
          <Table verticalSpacing={4} mb="sm">
            <caption className="visually-hidden">{t('evidence.files')}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('evidence.name')}</Table.Th>
                <Table.Th ta="right">{t('evidence.size')}</Table.Th>
                <Table.Th>{t('evidence.addedBy')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {dispute.evidence.map((file) => (
                <Table.Tr key={file.id}>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<IconDownload size={14} aria-hidden />}
                      aria-label={t('evidence.download', { name: file.fileName })}
                      onClick={() => downloadEvidence(file).catch((e: Error) => setError(e.message))}
                      styles={{ label: { whiteSpace: 'normal', wordBreak: 'break-all', textAlign: 'left' } }}
                      h="auto"
                    >
                      {file.fileName}
                    </Button>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatSize(file.sizeBytes, i18n.language)}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{file.userName}</Text>
                    <Text size="xs">{format.dateTime(file.createdAt)}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {error && (
        <Alert color="red" variant="light" mb="xs" role="alert">
          {error}
        </Alert>
      )}
      {dispute.actions.addEvidence && (
        <Stack gap={4}>
          <FileButton multiple accept={EVIDENCE_ACCEPT} onChange={send}>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconUpload size={16} aria-hidden />} loading={add.isPending} w="fit-content">
                {t('evidence.add')}
              </Button>
            )}
          </FileButton>
          <Text size="xs">{t('evidence.types', { max: format.number(ATTACHMENT_MAX_BYTES / 1024 / 1024) })}</Text>
        </Stack>
      )}
    </Paper>
  );
}
