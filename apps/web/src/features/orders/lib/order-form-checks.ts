/**
 * The order dialog's checks (order-form.ts holds its values and request): the field errors
 * found before sending, whether customs must be settled, and where the server's field errors
 * belong on the form.
 */
import { isQuantityOnStep, type Product, postalCodeMatchesMask, postalMasks, type SaveOrderRequest } from '@portal/domain';
import { type OrderFormValues, orderLines } from './order-form';
import type { OrderKind } from './order-lists';

/** The messages of `validateOrder`, in the user's language. */
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
