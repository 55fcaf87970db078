/**
 * One customer's answer on a confirmation round's page (issue 22): who answered when, the comment,
 * the lines it disputed (location, product and account: the balance shown and its own figure),
 * and the movement disputes its locations opened since the round started, each a link to the
 * dispute's page (Reports > Disputes; texts of the `disputes` namespace for their states).
 */
import { Anchor, List, Stack, Text } from '@mantine/core';
import type { ConfirmationCustomer } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../lib/format';

/** The answer cell's content; see the file comment. */
export function RoundCustomerAnswer({ customer: c }: { customer: ConfirmationCustomer }) {
  const { t } = useTranslation(['confirmations', 'disputes']);
  const format = useFormat();
  return (
    // Wide enough to read when the table scrolls sideways on a phone.
    <Stack gap={4} miw={240}>
      {c.answeredAt && <Text size="sm">{t('round.answeredBy', { name: c.answeredBy ?? '', time: format.dateTime(c.answeredAt) })}</Text>}
      {c.comment && (
        <Text size="sm" c="gray.8">
          {`“${c.comment}”`}
        </Text>
      )}
      {c.lines.length > 0 && (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {t('round.lines', { count: c.lines.length })}
          </Text>
          <List size="sm" spacing={2}>
            {c.lines.map((l) => (
              <List.Item key={`${l.locationId}:${l.productId}:${l.balanceKind}`}>
                {t('round.line', {
                  location: l.locationName,
                  product: l.productName,
                  account: t(`link.accounts.${l.balanceKind}`),
                  shown: format.number(l.shownQuantity),
                  theirs: format.number(l.quantity),
                })}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
      {(c.status === 'disputed' || c.disputes.length > 0) && (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {t('round.disputes', { count: c.disputes.length })}
          </Text>
          {c.disputes.length > 0 && (
            <List size="sm" spacing={2}>
              {c.disputes.map((d) => (
                <List.Item key={d.id}>
                  <Anchor component={Link} to={`/app/disputes/${d.id}`} size="sm">
                    {t('round.dispute', {
                      id: d.id,
                      location: d.locationName,
                      date: format.plainDate(d.bookingDate),
                      status: t(`disputes:status.${d.status}`, { defaultValue: d.status }),
                    })}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      )}
    </Stack>
  );
}
