/**
 * Preview of the message as a reader in each language sees it: that locale's text if written,
 * else the fallback (docs/messages.md), Markdown rendered sanitised as on the message's page.
 */
import { Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { type Locale, locales } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownText } from '../../../../components/rich-text/MarkdownText';
import { type PublishingFormValues, previewText } from '../lib/form';

/** The preview; see the file comment. */
export function MessagePreview({ values }: { values: PublishingFormValues }) {
  const { t } = useTranslation('publishing');
  const [locale, setLocale] = useState<Locale>('sv-SE');
  const shown = previewText(values, locale);
  const own = values.texts[locale].title.trim() !== '';
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('preview.title')}
      </Title>
      <SegmentedControl
        aria-label={t('preview.language')}
        value={locale}
        onChange={(value) => setLocale(value as Locale)}
        data={locales.map((value) => ({ value, label: t(`languages.${value}`) }))}
        fullWidth
        orientation="horizontal"
        styles={{ root: { flexWrap: 'wrap' } }}
      />
      {!own && shown && (
        <Text size="sm" c="gray.7">
          {t('preview.fallback')}
        </Text>
      )}
      <Paper withBorder p="md" radius="sm" lang={locale}>
        {shown ? (
          <>
            <Title order={3} size="h3" mb="xs">
              {shown.title}
            </Title>
            <MarkdownText text={shown.text} />
          </>
        ) : (
          <Text c="gray.7">{t('preview.empty')}</Text>
        )}
      </Paper>
    </Stack>
  );
}
