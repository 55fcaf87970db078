/**
 * The environment widget's months as a table (spec section 9), for everyone and for screen
 * readers: what the chart shows, month by month. A chunk of its own, loaded when the table is
 * first shown (environment-widget.tsx).
 */
import { Table, VisuallyHidden } from '@mantine/core';
import type { EnvironmentMonth } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatPlainDate } from '../../lib/format';
import { formatMass, formatShare } from '../../lib/format-mass';

/** The table of `months`; masses in tonnes when `tonnes`. */
export default function EnvironmentTable({ months, locale, tonnes }: { months: EnvironmentMonth[]; locale: string; tonnes: boolean }) {
  const { t } = useTranslation('home');
  const monthLabel = (month: string) => formatPlainDate(`${month}-01`, locale, { month: 'long', year: 'numeric' });
  return (
    <Table striped withTableBorder fz="sm" miw={480}>
      <VisuallyHidden component="caption">{t('environment.tableCaption')}</VisuallyHidden>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('environment.month')}</Table.Th>
          {(['fillDegree', 'reuseDegree', 'carriersMoved', 'co2Saved'] as const).map((key) => (
            <Table.Th key={key} scope="col" ta="right">
              {t(`environment.${key}`)}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {months.map((m) => (
          <Table.Tr key={m.month}>
            <Table.Th scope="row" fw={400}>
              {monthLabel(m.month)}
            </Table.Th>
            <Table.Td ta="right">{formatShare(m.fillDegree, locale)}</Table.Td>
            <Table.Td ta="right">{formatShare(m.reuseDegree, locale)}</Table.Td>
            <Table.Td ta="right">{formatNumber(m.carriersMoved, locale)}</Table.Td>
            <Table.Td ta="right">{formatMass(m.co2SavedKg, locale, tonnes)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
