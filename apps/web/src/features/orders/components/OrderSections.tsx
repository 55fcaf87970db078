/**
 * The detail cards of an order (spec section 3, "Order"): parties with addresses, dates,
 * references, transport (waybill) with customs handler and status (a select for the sender
 * side and provider staff while it may change), money (only the amounts the order has and the
 * server gives the user, two decimals) and the info texts.
 */
import { SimpleGrid, Text } from '@mantine/core';
import type { Order } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, formatNumber, formatPlainDate } from '../../../lib/format';
import { useTruckTypes } from '../api/get-truck-types';
import { useCurrentLocation } from '../api/use-current-location';
import { mayChangeCustoms, needsCustoms } from '../lib/order-actions';
import { CustomsStatus, CustomsStatusSelect } from './CustomsStatus';
import { DetailCard } from './DetailCard';

type Address = Order['addressFrom'];

function AddressLines({ name, address }: { name: string | null; address: Address }) {
  return (
    <>
      <Text size="sm" fw={600}>
        {name}
      </Text>
      {address && (
        <Text size="sm">
          {address.street}
          <br />
          {[address.postalCode, address.postalName].filter(Boolean).join(' ')}
          <br />
          {address.countryName}
        </Text>
      )}
    </>
  );
}

/** Parties, dates, references, transport, money and texts of one order. */
export function OrderSections({ order }: { order: Order }) {
  const { t, i18n } = useTranslation('orders');
  const { locationId, isProvider } = useCurrentLocation();
  const locale = i18n.language;
  const truckTypes = useTruckTypes(order.truckTypeId !== null);
  const truckType = truckTypes.data?.find((type) => type.id === order.truckTypeId)?.name ?? order.carType;
  const date = (value: string | null) => (value ? formatPlainDate(value, locale, { dateStyle: 'medium' }) : null);
  const days = (value: number | null) => (value === null ? null : t('detail.days', { count: value, days: formatNumber(value, locale) }));
  // Money only as the server gives it: null for users without the finance-report permission
  // (docs/domain.md, "Who sees what"), so no card and no empty labels for them.
  const moneyItems = (
    [
      ['detail.price', order.price],
      ['detail.amount', order.amount],
      ['detail.freight', order.freight],
      ['detail.transportFee', order.transportFee],
    ] as const
  ).flatMap(([label, value]) =>
    value === null || order.currency === null ? [] : [{ label: t(label), value: formatMoney(value, order.currency, locale) }],
  );

  return (
    <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
      <DetailCard title={t('detail.from')}>
        <AddressLines name={order.locationNameFrom} address={order.addressFrom} />
      </DetailCard>
      <DetailCard title={t('detail.to')}>
        <AddressLines name={order.locationNameTo} address={order.addressTo} />
        {order.externalLocationNumberTo && (
          <Text size="sm" c="gray.7" mt={4}>
            {t('detail.externalLocation', { number: order.externalLocationNumberTo })}
          </Text>
        )}
      </DetailCard>
      <DetailCard
        title={t('detail.dates')}
        items={[
          { label: t('detail.dateSend'), value: date(order.dateSend) },
          { label: t('detail.datePickup'), value: date(order.datePickup) },
          { label: t('detail.dateReceive'), value: date(order.dateReceive) },
          {
            label: t('detail.receptionDays'),
            value: days(order.receptionDays),
          },
          { label: t('detail.returnDays'), value: days(order.returnDays) },
          {
            label: t('detail.createdAt'),
            value: formatDateTime(order.createdAt, locale, {
              dateStyle: 'medium',
              timeStyle: 'short',
            }),
          },
        ]}
      />
      <DetailCard
        title={t('detail.references')}
        items={[
          { label: t('detail.referenceOwn'), value: order.referenceOwn },
          { label: t('detail.referenceSender'), value: order.referenceSender },
          {
            label: t('detail.referenceReceiver'),
            value: order.referenceReceiver,
          },
          {
            label: t('detail.referenceTransport'),
            value: order.referenceTransport,
          },
        ]}
      />
      <DetailCard
        title={t('detail.transport')}
        items={[
          { label: t('detail.truckType'), value: truckType },
          { label: t('detail.carNumber'), value: order.carNumber },
          { label: t('detail.trailer'), value: order.trailer },
          { label: t('detail.cartman'), value: order.cartman },
          { label: t('detail.transporter'), value: order.transporter },
          { label: t('detail.sealing'), value: order.sealing },
          ...(needsCustoms(order)
            ? [
                {
                  label: t('customs.handlerLabel'),
                  value: t(`customs.handler.${order.customsHandler}`, { defaultValue: order.customsHandler ?? '' }),
                },
                {
                  label: t('customs.statusLabel'),
                  value: mayChangeCustoms(order, { locationId, isProvider }) ? (
                    <CustomsStatusSelect order={order} />
                  ) : (
                    <CustomsStatus status={order.customsStatus} />
                  ),
                },
              ]
            : []),
        ]}
      />
      {moneyItems.length > 0 && <DetailCard title={t('detail.money')} items={moneyItems} />}
      {(order.infoText || order.transportText) && (
        <DetailCard
          title={t('detail.texts')}
          items={[
            { label: t('detail.infoText'), value: order.infoText },
            { label: t('detail.transportText'), value: order.transportText },
          ]}
        />
      )}
    </SimpleGrid>
  );
}
