/**
 * The comments of an order (spec section 3): oldest first with author and time, and a form to
 * add one (1-2000 characters). A failure shows "Could not save comment" with the reason.
 */
import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconMessagePlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { formatDateTime } from '../../../lib/format';
import { useAddOrderComment, useOrderComments } from '../api/order-comments';
import { notifyError } from '../lib/notify';

const MAX_LENGTH = 2000;

/** The comments card of the detail page. */
export function OrderComments({ orderId }: { orderId: number }) {
  const { t, i18n } = useTranslation('orders');
  const comments = useOrderComments(orderId);
  const add = useAddOrderComment(orderId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (!text.trim()) {
      setError(t('dialog.required'));
      return;
    }
    try {
      await add.mutateAsync(text.trim());
      setText('');
    } catch (caught) {
      notifyError(t('comments.failed'), (caught as Error).message);
    }
  };

  const list = comments.data ?? [];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="order-comments-title">
      <Title order={2} size="h4" mb="sm" id="order-comments-title">
        {t('comments.title')}
      </Title>
      {comments.isPending ? (
        <PageLoader />
      ) : comments.isError ? (
        <Text size="sm" c="red.9">
          {comments.error.message}
        </Text>
      ) : list.length === 0 ? (
        <Text size="sm" c="gray.7" mb="sm">
          {t('comments.none')}
        </Text>
      ) : (
        <Stack gap="xs" component="ol" mb="md" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.map((comment) => (
            <li key={comment.id}>
              <Text size="xs" c="gray.7">
                {comment.userName} · {formatDateTime(comment.createdAt, i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {comment.text}
              </Text>
            </li>
          ))}
        </Stack>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Textarea
          label={t('comments.new')}
          autosize
          minRows={1}
          maxLength={MAX_LENGTH}
          styles={{ input: { maxHeight: 100 } }}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          description={t('comments.length', { count: text.length, max: MAX_LENGTH })}
        />
        <Group justify="flex-end" mt="xs">
          <Button type="submit" size="sm" variant="light" leftSection={<IconMessagePlus size={16} aria-hidden />} loading={add.isPending}>
            {t('comments.add')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
