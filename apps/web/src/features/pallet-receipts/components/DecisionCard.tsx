/**
 * A decision with a reason (pallet receipts; docs/pallet-receipts.md): a titled card with an intro,
 * a required reason and two buttons (provider staff decide an objection, an approval, a dispute;
 * the counterparty confirms or objects). The reason is checked here before a button's call runs;
 * the server checks everything again. `optional` makes the text required only for the second
 * button (an objection needs a reason, a confirmation none).
 */
import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';

/** One of the two buttons: its label and icon, what it calls with the text, what it says when done. */
export interface DecisionChoice {
  label: string;
  icon: ReactNode;
  run: (comment: string) => Promise<unknown>;
  done: string;
}

interface DecisionCardProps {
  title: string;
  intro: ReactNode;
  commentLabel: string;
  /** The first (primary) and second choice. */
  choices: [DecisionChoice, DecisionChoice];
  failed: string;
  /** The text is required only for the second choice. */
  optional?: boolean;
  children?: ReactNode;
}

/** The card; see the file comment. */
export function DecisionCard({ title, intro, commentLabel, choices, failed, optional = false, children }: DecisionCardProps) {
  const { t } = useTranslation('palletReceipts');
  const titleId = useId();
  const [comment, setComment] = useState('');
  const [running, setRunning] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  const run = async (index: number) => {
    const needed = !optional || index === 1;
    setError(needed && !comment.trim() ? t('form.required') : undefined);
    if (needed && !comment.trim()) return;
    const choice = choices[index] as DecisionChoice;
    setRunning(index);
    try {
      await choice.run(comment.trim());
      notifySuccess(choice.done);
    } catch (failure) {
      notifyError(failed, (failure as Error).message);
    } finally {
      setRunning(null);
    }
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        <Text size="sm">{intro}</Text>
        {children}
        <Textarea
          label={commentLabel}
          size="md"
          autosize
          minRows={2}
          maxLength={1000}
          required={!optional}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          error={error}
        />
        <Group gap="sm">
          {choices.map((choice, index) => (
            <Button
              key={choice.label}
              size="md"
              variant={index === 0 ? 'filled' : 'default'}
              leftSection={choice.icon}
              loading={running === index}
              disabled={running !== null}
              onClick={() => void run(index)}
            >
              {choice.label}
            </Button>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
