/**
 * The order dialog's rules, apart from its screen (spec sections 2, 3 and 5): the values of a
 * purchase, a sale (pickup) or a delivery, the POST Orders body they make (only lines above 0),
 * (the checks before sending, and where the server's field errors belong: order-form-checks.ts).
 * - purchase: to the acting location, from a depot (the server's default unless one is chosen);
 * - sale: from the acting location to a depot (default likewise), on a pickup date (the send
 *   date and the pickup date are the same day);
 * - delivery: from the acting location to a portal location or an external one, chosen first.
 * Editing a draft starts from everything it holds (an external recipient, a temporary address)
 * and sends back the fields the dialog does not show (transport text, car type), because
 * POST Orders replaces the whole draft. An order across a border names who clears customs
 * (issue 3: handler kgh, self, required or none).
 */
import {
  type Country,
  type CustomsHandler,
  customsHandlers,
  majorToMinor,
  minorToMajor,
  type Order,
  type Product,
  type SaveOrderRequest,
  TransactionType,
} from '@portal/domain';
import type { OrderKind } from './order-lists';

export interface TempAddressValues {
  name: string;
  street: string;
  postalCode: string;
  postalName: string;
  countryId: Country | null;
}

/** The form's values. */
export interface OrderFormValues {
  /** A quantity per product id. */
  quantities: Record<number, number | null>;
  /** The send day (a sale's pickup day). */
  dateSend: string | null;
  /** The chosen other party: a depot (purchase, sale) or the recipient (delivery). */
  otherLocationId: number | null;
  /** A delivery's recipient kind. */
  recipientKind: 'location' | 'external';
  externalLocationId: number | null;
  truckTypeId: number | null;
  referenceOwn: string;
  referenceSender: string;
  referenceReceiver: string;
  referenceTransport: string;
  infoText: string;
  useTempAddress: boolean;
  tempAddress: TempAddressValues;
  copies: number | null;
  /** The return choice per product id on a return (true: shall be returned; missing: true). */
  shallReturn: Record<number, boolean>;
  /**
   * Prices, only provider staff set them (docs/domain.md "Placing an order"): price per carrier,
   * freight and transport fee in the order's currency, major units with two decimals.
   */
  money: { price: number | null; freight: number | null; transportFee: number | null };
  /** Who clears customs; chosen when the order crosses a border (`crossesBorder`). */
  customsHandler: CustomsHandler | null;
  /** What a draft holds that the dialog does not show; sent back as it was. */
  kept: Pick<SaveOrderRequest, 'transportText' | 'carType'>;
}

export const transactionTypeOf: Record<OrderKind, 1 | 2 | 3> = {
  purchase: TransactionType.Purchase,
  sale: TransactionType.Sale,
  delivery: TransactionType.Delivery,
};

/** The form's values for a new order of `kind`, or for editing a draft. */
export function initialValues(kind: OrderKind, order?: Order | null, defaultTruckTypeId: number | null = null): OrderFormValues {
  const quantities: Record<number, number | null> = {};
  const shallReturn: Record<number, boolean> = {};
  for (const line of order?.transactions ?? []) {
    quantities[line.productId] = line.quantityOrdered;
    if (line.shallReturn !== null) shallReturn[line.productId] = line.shallReturn;
  }
  const other = kind === 'purchase' ? order?.locationIdFrom : order?.locationIdTo;
  const external = order?.externalLocationIdTo ?? null;
  const temp = order?.tempAddress ?? null;
  const handler = customsHandlers.find((h) => h === order?.customsHandler);
  return {
    quantities,
    shallReturn,
    dateSend: order?.dateSend ?? null,
    otherLocationId: other ?? null,
    recipientKind: external !== null ? 'external' : 'location',
    externalLocationId: external,
    truckTypeId: order?.truckTypeId ?? defaultTruckTypeId,
    referenceOwn: order?.referenceOwn ?? '',
    referenceSender: order?.referenceSender ?? '',
    referenceReceiver: order?.referenceReceiver ?? '',
    referenceTransport: order?.referenceTransport ?? '',
    infoText: order?.infoText ?? '',
    useTempAddress: temp !== null,
    tempAddress: temp ? { ...temp } : { name: '', street: '', postalCode: '', postalName: '', countryId: null },
    copies: 1,
    money: { price: major(order?.price), freight: major(order?.freight), transportFee: major(order?.transportFee) },
    customsHandler: handler ?? null,
    kept: { transportText: order?.transportText ?? undefined, carType: order?.carType ?? undefined },
  };
}

/** Minor currency units (øre, öre, cent) as major units; none stays none. */
const major = (minor: number | null | undefined): number | null => (minor === null || minor === undefined ? null : minorToMajor(minor));

/** Major units as whole minor units (2 decimals), or left out when not given. */
export const minorUnits = (value: number | null): number | undefined => (value === null ? undefined : majorToMinor(value));

/**
 * Lines worth sending: products with a quantity above 0, in the order of the product list; on a
 * return (`returnChoice`) each with its return choice.
 */
export function orderLines(
  values: Pick<OrderFormValues, 'quantities'> & Partial<Pick<OrderFormValues, 'shallReturn'>>,
  products: Pick<Product, 'id'>[],
  returnChoice = false,
): SaveOrderRequest['lines'] {
  return products
    .map((product) => ({
      productId: product.id,
      quantityOrdered: values.quantities[product.id] ?? 0,
      ...(returnChoice ? { shallReturn: values.shallReturn?.[product.id] ?? true } : {}),
    }))
    .filter((line) => line.quantityOrdered > 0);
}

const text = (value: string) => value.trim() || undefined;

/**
 * The POST Orders body. `locationId` is the acting location (the customer side); `id` updates
 * a draft; `idempotencyKey` makes a repeated create harmless; `copies` only for new orders;
 * `truck` is the car type shown as chosen (the default one while the user chose none), sent
 * with its fuel.
 */
export function orderRequest(options: {
  kind: OrderKind;
  values: OrderFormValues;
  products: Pick<Product, 'id'>[];
  locationId: number;
  draft: boolean;
  id?: number;
  idempotencyKey?: string;
  truck?: { id: number; fuel: string };
  /** The order goes to a sorting depot: a return, whose lines carry the return choice. */
  returnChoice?: boolean;
  /** Provider staff: the prices are sent (in minor units); anyone else sends none. */
  withMoney?: boolean;
}): SaveOrderRequest {
  const { kind, values, locationId } = options;
  const parties: Pick<SaveOrderRequest, 'locationIdFrom' | 'locationIdTo' | 'externalLocationIdTo'> =
    kind === 'purchase'
      ? { locationIdTo: locationId, locationIdFrom: values.otherLocationId ?? undefined }
      : kind === 'sale'
        ? { locationIdFrom: locationId, locationIdTo: values.otherLocationId ?? undefined }
        : values.recipientKind === 'external'
          ? { locationIdFrom: locationId, externalLocationIdTo: values.externalLocationId ?? undefined }
          : { locationIdFrom: locationId, locationIdTo: values.otherLocationId ?? undefined };
  const temp = values.tempAddress;
  const copies = values.copies ?? 1;
  return {
    ...(options.id ? { id: options.id } : { idempotencyKey: options.idempotencyKey }),
    transactionTypeId: transactionTypeOf[kind],
    ...parties,
    dateSend: values.dateSend ?? '',
    datePickup: kind === 'sale' ? (values.dateSend ?? undefined) : undefined,
    lines: orderLines(values, options.products, options.returnChoice),
    truckTypeId: options.truck?.id ?? values.truckTypeId ?? undefined,
    fuel: options.truck?.fuel,
    referenceOwn: text(values.referenceOwn),
    referenceSender: text(values.referenceSender),
    referenceReceiver: text(values.referenceReceiver),
    referenceTransport: text(values.referenceTransport),
    infoText: text(values.infoText),
    customsHandler: values.customsHandler ?? undefined,
    ...(options.withMoney
      ? {
          price: minorUnits(values.money.price),
          freight: minorUnits(values.money.freight),
          transportFee: minorUnits(values.money.transportFee),
        }
      : {}),
    ...values.kept,
    tempAddress:
      values.useTempAddress && kind !== 'sale' && temp.countryId
        ? {
            name: temp.name.trim(),
            street: temp.street.trim(),
            postalCode: temp.postalCode.trim(),
            postalName: temp.postalName.trim(),
            countryId: temp.countryId,
          }
        : undefined,
    copies: !options.id && copies > 1 ? copies : undefined,
    draft: options.draft,
  };
}

/** Whether a change of truck type changes the stack heights, so the volume must be chosen again (spec section 5). */
export function truckHeightChanged(
  previous: { qtyHeight: number; qtyHeight2: number } | undefined,
  next: { qtyHeight: number; qtyHeight2: number } | undefined,
): boolean {
  if (!previous || !next) return false;
  return previous.qtyHeight !== next.qtyHeight || previous.qtyHeight2 !== next.qtyHeight2;
}

/** A fill degree as a percentage with one decimal in the locale (spec section 9), and whether it is above a full truck. */
export function formatFill(fill: number, locale: string): { text: string; over: boolean } {
  return {
    text: new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(fill),
    over: fill > 1,
  };
}
