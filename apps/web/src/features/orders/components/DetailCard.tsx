/**
 * A titled card of label/value pairs on the order detail page. Empty values show a dash that
 * screen readers announce as "not given".
 */
import { DataList, Paper, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One label and its value; `null`, `undefined` and '' count as not given. */
export interface DetailItem {
  label: string;
  value: ReactNode;
}

/** A card with a heading and a description list. */
export function DetailCard({ title, items, children }: { title: string; items?: DetailItem[]; children?: ReactNode }) {
  const { t } = useTranslation('orders');
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {items && (
        <DataList size="sm" gap={6} labelWidth={150} styles={{ itemLabel: { color: 'var(--mantine-color-gray-7)' } }}>
          {items.map((item) => (
            <DataList.Item key={item.label}>
              <DataList.ItemLabel>{item.label}</DataList.ItemLabel>
              <DataList.ItemValue>
                {item.value === null || item.value === undefined || item.value === '' ? (
                  <>
                    <span aria-hidden>–</span>
                    <VisuallyHidden>{t('detail.notGiven')}</VisuallyHidden>
                  </>
                ) : (
                  item.value
                )}
              </DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList>
      )}
      {children}
    </Paper>
  );
}
