/**
 * Support > Templates (`/app/support/settings`; issue 10, "Templates"): provider support staff's
 * answer templates per category and language, the default answer of each pair marked; "New
 * template" and a click on one open the template dialog. Deactivated templates are hidden unless
 * asked for. Anyone else reads that the page is for provider staff (the calls answer 403).
 */
import { Alert, Anchor, Badge, Button, Checkbox, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { SupportTemplate } from '@portal/domain';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { useFormat } from '../../../lib/format';
import { useSession } from '../../session/use-session';
import { useSupportTemplates } from '../api/support-templates';
import { useWide } from '../lib/use-wide';
import { TemplateDialog } from './TemplateDialog';

/** The templates page; see the file comment. */
export function SupportSettingsPage() {
  const { t } = useTranslation('support');
  const format = useFormat();
  const wide = useWide();
  const { status } = useSession();
  const [includeInactive, setIncludeInactive] = useState(false);
  const templates = useSupportTemplates({ includeInactive }, status.isProvider);
  const [editing, setEditing] = useState<SupportTemplate | 'new' | null>(null);
  const language = (l: string | null) => (l ? t(`languages.${l}`) : t('settings.anyLanguage'));
  const category = (c: string | null) => (c ? t(`category.${c}`) : t('settings.anyCategory'));

  if (!status.isProvider)
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('settings.title')}
        </Title>
        <Alert color="gray">{t('settings.staffOnly')}</Alert>
      </Stack>
    );
  const list = templates.data ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2} maw={760}>
          <Title order={1} size="h2">
            {t('settings.title')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('settings.intro')}
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
          {t('settings.new')}
        </Button>
      </Group>
      <Checkbox
        label={t('settings.includeInactive')}
        checked={includeInactive}
        onChange={(e) => setIncludeInactive(e.currentTarget.checked)}
      />
      <Paper withBorder radius="sm">
        {templates.isPending ? (
          <PageLoader />
        ) : templates.isError ? (
          <Alert color="red" m="md" title={t('list.loadFailed')}>
            {templates.error.message}
          </Alert>
        ) : list.length === 0 ? (
          <Text p="md" c="gray.7">
            {t('settings.none')}
          </Text>
        ) : wide ? (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="xs" highlightOnHover>
              <caption className="visually-hidden">{t('settings.caption')}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('settings.fields.title')}</Table.Th>
                  <Table.Th>{t('settings.fields.category')}</Table.Th>
                  <Table.Th>{t('settings.fields.language')}</Table.Th>
                  <Table.Th>{t('settings.state')}</Table.Th>
                  <Table.Th>{t('settings.updated')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((template) => (
                  <Table.Tr key={template.id}>
                    <Table.Td>
                      <Anchor component="button" type="button" size="sm" fw={600} onClick={() => setEditing(template)}>
                        {template.title}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{category(template.category)}</Table.Td>
                    <Table.Td>{language(template.language)}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {template.isDefault && <Badge variant="light">{t('settings.default')}</Badge>}
                        {!template.isActive && (
                          <Badge color="gray" variant="outline">
                            {t('settings.inactive')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {template.updatedByName ?? ''} {format.dateTime(template.updatedAt)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Stack gap="xs" component="ul" m={0} p="xs" style={{ listStyle: 'none' }} aria-label={t('settings.caption')}>
            {list.map((template) => (
              <Paper component="li" key={template.id} withBorder radius="sm" p="sm">
                <Anchor component="button" type="button" size="sm" fw={600} onClick={() => setEditing(template)}>
                  {template.title}
                </Anchor>
                <Text size="xs" c="gray.7">
                  {category(template.category)} · {language(template.language)}
                  {template.isDefault ? ` · ${t('settings.default')}` : ''}
                  {template.isActive ? '' : ` · ${t('settings.inactive')}`}
                </Text>
              </Paper>
            ))}
          </Stack>
        )}
      </Paper>
      {editing && <TemplateDialog template={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
