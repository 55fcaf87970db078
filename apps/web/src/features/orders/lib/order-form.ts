/**
 * The purchase order form's rules, apart from its screen: the request it sends (only lines
 * above 0) and where the server's field errors belong (spec section 5, "Quantity must be
 * divisible by the step"; ZSaveOrderRequest in packages/domain).
 */
import { isQuantityOnStep, type Order, type Product, type SaveOrderRequest, TransactionType } from '@portal/domain';

/** The form's values: a quantity per product id, the send day and the texts. */
export interface OrderFormValues {
  quantities: Record<number, number | null>;
  dateSend: string | null;
  referenceOwn: string;
  infoText: string;
}

/** The form's values for a new order, or for editing a draft. */
export function initialValues(order?: Order | null): OrderFormValues {
  const quantities: Record<number, number | null> = {};
  for (const line of order?.transactions ?? []) quantities[line.productId] = line.quantityOrdered;
  return {
    quantities,
    dateSend: order?.dateSend ?? null,
    referenceOwn: order?.referenceOwn ?? '',
    infoText: order?.infoText ?? '',
  };
}

/** Lines worth sending: products with a quantity above 0, in the order of the product list. */
export function orderLines(values: OrderFormValues, products: Product[]) {
  return products
    .map((product) => ({
      productId: product.id,
      quantityOrdered: values.quantities[product.id] ?? 0,
    }))
    .filter((line) => line.quantityOrdered > 0);
}

/**
 * The POST Orders body of a purchase to the acting location; the server picks the provider
 * depot it comes from. `id` updates a draft; `idempotencyKey` makes a repeated create harmless.
 */
export function purchaseRequest(options: {
  values: OrderFormValues;
  products: Product[];
  locationIdTo: number;
  draft: boolean;
  id?: number;
  idempotencyKey?: string;
}): SaveOrderRequest {
  const { values } = options;
  return {
    ...(options.id ? { id: options.id } : { idempotencyKey: options.idempotencyKey }),
    transactionTypeId: TransactionType.Purchase,
    locationIdTo: options.locationIdTo,
    dateSend: values.dateSend ?? '',
    lines: orderLines(values, options.products),
    referenceOwn: values.referenceOwn.trim() || undefined,
    infoText: values.infoText.trim() || undefined,
    draft: options.draft,
  };
}

/** Field errors found before sending: keys are `product.<id>`, `dateSend` and `lines`. */
export function validateOrder(
  values: OrderFormValues,
  products: Product[],
  texts: { required: string; noLines: string; step: (step: number) => string },
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const product of products) {
    const quantity = values.quantities[product.id] ?? 0;
    if (quantity > 0 && !isQuantityOnStep(quantity, product.qtyHeight)) errors[`product.${product.id}`] = texts.step(product.qtyHeight);
  }
  if (orderLines(values, products).length === 0) errors.lines = texts.noLines;
  if (!values.dateSend) errors.dateSend = texts.required;
  return errors;
}

/**
 * Moves the server's field errors onto the form: `lines.<i>.<field>` (i indexes the lines that
 * were sent) becomes `product.<productId>`; `dateSend` and `lines` stay; anything else is
 * answered in `rest` so the caller can show it in a notification.
 */
export function mapServerFields(fields: Record<string, string>, sent: SaveOrderRequest['lines']) {
  const mapped: Record<string, string> = {};
  const rest: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const line = /^lines\.(\d+)\./.exec(path);
    const productId = line ? sent[Number(line[1])]?.productId : undefined;
    if (productId !== undefined) mapped[`product.${productId}`] = message;
    else if (path === 'dateSend' || path === 'lines' || path === 'referenceOwn' || path === 'infoText') mapped[path] = message;
    else rest.push(message);
  }
  return { mapped, rest };
}

/** A random key for one opening of the dialog (crypto.randomUUID needs a secure context). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
