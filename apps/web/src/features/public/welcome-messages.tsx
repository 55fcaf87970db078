/**
 * Welcome messages for anonymous visitors on the login page (spec section 2), from the messages
 * store (type login, docs/messages.md): their Markdown shown as plain paragraphs.
 */
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { plainMarkdown } from '../../lib/plain-markdown';
import { welcomeMessagesQuery } from './public-api';

/** The published login messages in the active language; nothing when there are none. */
export function WelcomeMessages() {
  const { t, i18n } = useTranslation('public');
  const messages = useQuery(welcomeMessagesQuery(i18n.language));
  return (
    <Stack component="section" aria-labelledby="welcome-heading">
      <Title order={2} size="h3" id="welcome-heading">
        {t('welcome.title')}
      </Title>
      <Text>{t('welcome.intro')}</Text>
      {messages.data?.map((message) => (
        <Paper key={message.id} withBorder p="md" radius="md" component="article">
          <Title order={3} size="h5" mb={4}>
            {message.title}
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {plainMarkdown(message.text)}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
