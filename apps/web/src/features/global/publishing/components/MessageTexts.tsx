/**
 * The message's title and text in the five locales, side by side on a wide screen (one column
 * per locale) and as tabs on a narrower one. Texts are Markdown; an empty locale is not sent.
 */
import { Stack, Tabs, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { type Locale, locales, MESSAGE_TEXT_MAX, MESSAGE_TITLE_MAX } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import type { PublishingFormValues } from '../lib/form';

/** One locale's title and text inputs. */
function LocaleFields({ form, locale, heading }: { form: UseFormReturnType<PublishingFormValues>; locale: Locale; heading: boolean }) {
  const { t } = useTranslation('publishing');
  const language = t(`languages.${locale}`);
  return (
    <Stack gap="xs" lang={locale}>
      {heading && (
        <Title order={3} size="h5">
          {language}
        </Title>
      )}
      <TextInput label={t('fields.titleIn', { language })} maxLength={MESSAGE_TITLE_MAX} {...form.getInputProps(`texts.${locale}.title`)} />
      <Textarea
        label={t('fields.textIn', { language })}
        description={t('fields.textHelp')}
        autosize
        minRows={8}
        maxRows={24}
        maxLength={MESSAGE_TEXT_MAX}
        {...form.getInputProps(`texts.${locale}.text`)}
      />
    </Stack>
  );
}

/** The texts of every locale; see the file comment. */
export function MessageTexts({ form }: { form: UseFormReturnType<PublishingFormValues> }) {
  const { t } = useTranslation('publishing');
  const wide = useMediaQuery('(min-width: 75em)');
  const hasError = (locale: Locale) => !!form.errors[`texts.${locale}.title`] || !!form.errors[`texts.${locale}.text`];
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('texts.title')}
      </Title>
      <Text size="sm" c="gray.7">
        {t('texts.intro')}
      </Text>
      {form.errors.texts && (
        <Text size="sm" c="red.8" role="alert">
          {form.errors.texts}
        </Text>
      )}
      {wide ? (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', gap: 'var(--mantine-spacing-sm)' }}>
          {locales.map((locale) => (
            <LocaleFields key={locale} form={form} locale={locale} heading />
          ))}
        </div>
      ) : (
        <Tabs defaultValue={locales[0]} keepMounted={false}>
          <Tabs.List>
            {locales.map((locale) => (
              <Tabs.Tab key={locale} value={locale} c={hasError(locale) ? 'red.8' : undefined}>
                {t(`languages.${locale}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {locales.map((locale) => (
            <Tabs.Panel key={locale} value={locale} pt="sm">
              <LocaleFields form={form} locale={locale} heading={false} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Stack>
  );
}
