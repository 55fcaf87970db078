/** One figure of a start-page widget: a small label above a large value. */
import { Stack, Text } from '@mantine/core';

export function WidgetFigure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
    </Stack>
  );
}
