/**
 * The order dialog's rules, apart from its screen (spec sections 2, 3 and 5): the values of a
 * purchase, a sale (pickup) or a delivery, the POST Orders body they make (only lines above 0),
 * the checks before sending, and where the server's field errors belong.
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
  isQuantityOnStep,
  majorToMinor,
  minorToMajor,
  type Order,
  type Product,
  postalCodeMatchesMask,
  postalMasks,
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

export interface ValidationTexts {
  required: string;
  noLines: string;
  step: (step: number) => string;
  postalCode: string;
  copies: string;
}

/**
 * Whether an order between these countries crosses a border, so customs must be settled: the
 * goods' destination (a temporary address, else the receiver) is in another country than the
 * sender. Unknown countries (a depot the provider picks later) count as no border.
 */
export function crossesBorder(fromCountry: string | null | undefined, toCountry: string | null | undefined): boolean {
  return !!fromCountry && !!toCountry && fromCountry !== toCountry;
}

/**
 * Field errors found before sending: keys are `product.<id>`, `dateSend`, `lines`,
 * `recipient` (also required for a return), `temp.<field>`, `copies` and `customsHandler`
 * (required across a border).
 */
export function validateOrder(
  kind: OrderKind,
  values: OrderFormValues,
  products: Product[],
  texts: ValidationTexts,
  context: { crossesBorder?: boolean; recipientRequired?: boolean } = {},
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const product of products) {
    const quantity = values.quantities[product.id] ?? 0;
    if (quantity > 0 && !isQuantityOnStep(quantity, product.qtyHeight)) errors[`product.${product.id}`] = texts.step(product.qtyHeight);
  }
  if (orderLines(values, products).length === 0) errors.lines = texts.noLines;
  if (!values.dateSend) errors.dateSend = texts.required;
  if (kind === 'delivery' && !(values.recipientKind === 'external' ? values.externalLocationId : values.otherLocationId))
    errors.recipient = texts.required;
  if (context.recipientRequired && !values.otherLocationId) errors.recipient = texts.required;
  if (values.useTempAddress && kind !== 'sale') {
    const temp = values.tempAddress;
    for (const field of ['name', 'street', 'postalCode', 'postalName'] as const)
      if (!temp[field].trim()) errors[`temp.${field}`] = texts.required;
    if (!temp.countryId) errors['temp.countryId'] = texts.required;
    else if (temp.postalCode.trim() && !postalCodeMatchesMask(temp.postalCode, postalMasks[temp.countryId]))
      errors['temp.postalCode'] = texts.postalCode;
  }
  if (values.copies !== null && (values.copies < 1 || values.copies > 50)) errors.copies = texts.copies;
  if (context.crossesBorder && !values.customsHandler) errors.customsHandler = texts.required;
  return errors;
}

/** The form fields the server's field paths belong to. */
const serverFieldKeys: Record<string, string> = {
  dateSend: 'dateSend',
  datePickup: 'dateSend',
  lines: 'lines',
  locationIdTo: 'recipient',
  locationIdFrom: 'recipient',
  externalLocationIdTo: 'recipient',
  referenceOwn: 'referenceOwn',
  referenceSender: 'referenceSender',
  referenceReceiver: 'referenceReceiver',
  referenceTransport: 'referenceTransport',
  infoText: 'infoText',
  truckTypeId: 'truckTypeId',
  copies: 'copies',
  customsHandler: 'customsHandler',
  price: 'price',
  freight: 'freight',
  transportFee: 'transportFee',
};

/**
 * Moves the server's field errors onto the form: `lines.<i>.<field>` (i indexes the lines that
 * were sent) becomes `product.<productId>`, `tempAddress.<field>` becomes `temp.<field>`;
 * anything else is answered in `rest` for a notification.
 */
export function mapServerFields(fields: Record<string, string>, sent: SaveOrderRequest['lines']) {
  const mapped: Record<string, string> = {};
  const rest: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const line = /^lines\.(\d+)\./.exec(path);
    const productId = line ? sent[Number(line[1])]?.productId : undefined;
    const temp = /^tempAddress\.(\w+)$/.exec(path);
    if (productId !== undefined) mapped[`product.${productId}`] = message;
    else if (temp) mapped[`temp.${temp[1]}`] = message;
    else if (serverFieldKeys[path]) mapped[serverFieldKeys[path]] = message;
    else rest.push(message);
  }
  return { mapped, rest };
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
