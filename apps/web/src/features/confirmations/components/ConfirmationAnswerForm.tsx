/**
 * The answer on a balance confirmation's link (issue 22): confirm the balances, or dispute them
 * with a comment and, if the customer likes, the lines that differ, each with the figure its own
 * records give (DisputeLines). A name in both cases. Field messages from the server (a line that
 * is not among the balances, an unchanged figure) show at the field.
 */
import { Alert, Button, Paper, Radio, Stack, Textarea, TextInput, Title } from '@mantine/core';
import type { BalanceConfirmation, DisputeConfirmationLine } from '@portal/domain';
import { IconCircleCheck, IconMessageReport } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { useAnswerBalanceConfirmation } from '../api/public-confirmation';
import { DisputeLines, type LineFigures, lineKey } from './DisputeLines';

/** The form; see the file comment. */
export function ConfirmationAnswerForm({ token, data }: { token: string; data: BalanceConfirmation }) {
  const { t } = useTranslation('confirmations');
  const answer = useAnswerBalanceConfirmation(token);
  const [choice, setChoice] = useState<'confirmed' | 'disputed'>('confirmed');
  const [name, setName] = useState('');
  const [comment, setComment] = useState('');
  const [figures, setFigures] = useState<LineFigures>(new Map());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = t('link.required');
    const lines: (DisputeConfirmationLine & { key: string })[] = [];
    if (choice === 'disputed') {
      if (!comment.trim()) found.comment = t('link.commentRequired');
      data.balances.forEach((b) => {
        const key = lineKey(b);
        if (!figures.has(key)) return;
        const quantity = figures.get(key);
        if (quantity === null || quantity === undefined) found[`line:${key}`] = t('link.lines.figureRequired');
        else if (quantity === b.quantity) found[`line:${key}`] = t('link.lines.unchanged');
        else lines.push({ key, locationId: b.locationId, productId: b.productId, balanceKind: b.balanceKind, quantity });
      });
    }
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    try {
      await answer.mutateAsync({
        answer: choice,
        name: name.trim(),
        comment: choice === 'disputed' ? comment.trim() : undefined,
        lines: choice === 'disputed' ? lines.map(({ key: _, ...line }) => line) : undefined,
      });
      // The answer (and after a dispute the next step) shows at the top of the page, where the form was not.
      window.scrollTo({ top: 0 });
    } catch (error) {
      const fields = error instanceof ApiError ? { ...error.fields } : {};
      // A line's message (`lines.<n>` or `lines.<n>.quantity`) shows at that line's field.
      for (const [field, message] of Object.entries(fields)) {
        const index = /^lines\.(\d+)/.exec(field)?.[1];
        const line = index === undefined ? undefined : lines[Number(index)];
        if (line) fields[`line:${line.key}`] = message;
      }
      setErrors(fields);
      setFailure((error as Error).message);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="confirmation-answer-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="confirmation-answer-title">
            {t('link.answerTitle')}
          </Title>
          {failure && (
            <Alert color="red" role="alert" title={t('link.answerFailed')}>
              {failure}
            </Alert>
          )}
          <Radio.Group label={t('link.choice')} value={choice} onChange={(value) => setChoice(value as 'confirmed' | 'disputed')}>
            <Stack gap="sm" mt={6}>
              <Radio size="md" value="confirmed" label={t('link.confirm')} />
              <Radio size="md" value="disputed" label={t('link.dispute')} />
            </Stack>
          </Radio.Group>
          {choice === 'disputed' && data.balances.length > 0 && (
            <DisputeLines balances={data.balances} figures={figures} onChange={setFigures} errors={errors} />
          )}
          {choice === 'disputed' && (
            <Textarea
              label={t('link.comment')}
              description={t('link.commentHint')}
              size="md"
              required
              autosize
              minRows={3}
              maxLength={2000}
              value={comment}
              onChange={(event) => setComment(event.currentTarget.value)}
              error={errors.comment}
            />
          )}
          <TextInput
            label={t('link.name')}
            size="md"
            required
            maxLength={100}
            autoComplete="name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
          />
          <Button
            type="submit"
            size="lg"
            fullWidth
            loading={answer.isPending}
            color={choice === 'disputed' ? 'red.9' : undefined}
            leftSection={choice === 'disputed' ? <IconMessageReport size={20} aria-hidden /> : <IconCircleCheck size={20} aria-hidden />}
          >
            {choice === 'disputed' ? t('link.sendDispute') : t('link.sendConfirm')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
