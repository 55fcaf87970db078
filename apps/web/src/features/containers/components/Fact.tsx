/** One labelled fact of a detail page: a small grey label above its value. */
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The label and its value. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}
