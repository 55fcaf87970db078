import { describe, expect, it } from 'vitest';
import { pickableLocations } from '../src/features/orders/api/get-order-locations';
import { separators } from '../src/features/orders/components/order-form/MoneyFields';
import { disagreementIds } from '../src/features/orders/lib/disagreements';
import { availableActions, mayChangeCustoms, needsCustoms, rolesOn, sentQuantity } from '../src/features/orders/lib/order-actions';
import { formatFill, initialValues, minorUnits, orderRequest, truckHeightChanged } from '../src/features/orders/lib/order-form';
import { crossesBorder, mapServerFields, validateOrder } from '../src/features/orders/lib/order-form-checks';
import { areaOfPath, effectiveStatuses, orderLists } from '../src/features/orders/lib/order-lists';
import { stripStatusPrefix } from '../src/features/orders/lib/status';
import { chosenTruck, truckForFuel, truckFuels } from '../src/features/orders/lib/trucks';

const customer = { locationId: 27, isProvider: false };
const provider = { locationId: 1, isProvider: true };
const order = (transactionTypeId: number, transactionStatusId: number, locationIdFrom = 1, locationIdTo: number | null = 27) => ({
  transactionTypeId,
  transactionStatusId,
  locationIdFrom,
  locationIdTo,
});

describe('the steps an order offers', () => {
  it('lets the customer who orders a purchase edit, send or delete its draft, and cancel it while ordered', () => {
    expect(availableActions(order(1, 0), customer)).toEqual(['edit', 'send', 'delete']);
    expect(availableActions(order(1, 1), customer)).toEqual(['cancel']);
    // The depot side of a purchase does not own the draft.
    expect(rolesOn(order(1, 0), { locationId: 1, isProvider: false }).ordering).toBe(false);
  });

  it('gives the provider the handling steps of a sale at a sorting depot', () => {
    const sale = (status: number) => availableActions(order(2, status, 27, 1), provider);
    expect(sale(1)).toEqual(['confirm', 'cancel']);
    expect(sale(2)).toEqual(['pick', 'cancel']);
    expect(sale(3)).toEqual(['ship']);
    expect(sale(4)).toEqual(['arrive', 'receive', 'disagree']);
    expect(sale(9)).toEqual(['startSorting']);
    expect(sale(10)).toEqual(['sort']);
    expect(sale(12)).toEqual(['sendSorted']);
    expect(sale(6)).toEqual(['resolve']);
  });

  it('lets the selling customer accept, agree or dispute a sorted result, and nothing of the provider', () => {
    expect(availableActions(order(2, 13, 27, 1), customer)).toEqual(['accept']);
    expect(availableActions(order(2, 14, 27, 1), customer)).toEqual(['agree', 'disputeSorted']);
    expect(availableActions(order(2, 2, 27, 1), customer)).toEqual([]);
    expect(availableActions(order(2, 9, 27, 1), customer)).toEqual([]);
  });

  it('lets the receiver of a sent delivery receive it or report other quantities, but not the sender', () => {
    expect(availableActions(order(3, 4, 13, 27), customer)).toEqual(['receive', 'disagree']);
    expect(availableActions(order(3, 11, 13, 27), customer)).toEqual(['receive', 'disagree']);
    expect(availableActions(order(3, 4, 27, 13), customer)).toEqual([]);
  });

  it('offers nothing on final orders, and a draft to an external receiver like any other', () => {
    for (const status of [5, 7, 8]) expect(availableActions(order(3, status, 27, 13), provider)).toEqual([]);
    expect(availableActions(order(3, 0, 27, null), customer)).toEqual(['edit', 'send', 'delete']);
  });

  it('lets the sender side or the provider change the customs status of a cross-border order until it is final', () => {
    const customs = (status: number, from = 27, to: number | null = 13, customsHandler: string | null = 'kgh') => ({
      ...order(3, status, from, to),
      customsHandler,
    });
    expect(mayChangeCustoms(customs(3), customer)).toBe(true);
    expect(mayChangeCustoms(customs(0), customer)).toBe(true);
    expect(mayChangeCustoms(customs(4, 13, 27), customer)).toBe(false);
    expect(mayChangeCustoms(customs(4, 13, 27), provider)).toBe(true);
    expect(mayChangeCustoms(customs(5), provider)).toBe(false);
    expect(mayChangeCustoms(customs(3, 27, 13, 'none'), customer)).toBe(false);
  });

  it('counts a line as sent with its picked quantity, else the ordered one', () => {
    expect(sentQuantity({ quantityOrdered: 30, quantityPicked: 15 })).toBe(15);
    expect(sentQuantity({ quantityOrdered: 30, quantityPicked: null })).toBe(30);
    expect(needsCustoms({ customsHandler: 'kgh' })).toBe(true);
    expect(needsCustoms({ customsHandler: 'none' })).toBe(false);
    expect(needsCustoms({ customsHandler: null })).toBe(false);
  });
});

describe('the order lists', () => {
  it('start on their first preset, and the user’s statuses win', () => {
    expect(effectiveStatuses(orderLists.reception, [], null)).toEqual([4, 11, 6]);
    expect(effectiveStatuses(orderLists.reception, [], 'all')).toEqual([]);
    expect(effectiveStatuses(orderLists.reception, [5], null)).toEqual([5]);
    expect(effectiveStatuses(orderLists.purchases, [], null)).toEqual([]);
  });

  it('narrow GET Orders to what fits each list', () => {
    expect(orderLists.purchases.scope(27)).toMatchObject({ endpoint: 'Orders', locationId: 27, transactionTypes: [1] });
    expect(orderLists.deliveries.scope(27)).toMatchObject({ transactionTypes: [3], locationIdFrom: 27 });
    expect(orderLists.reception.scope(27)).toMatchObject({ locationIdTo: 27, locationIdFrom: null });
    expect(orderLists.external.scope(27)).toMatchObject({ endpoint: 'ExternalOrders' });
    expect(areaOfPath('/app/dispatch/returns')).toBe('dispatch');
    expect(areaOfPath('reception/12')).toBe('reception');
    expect(areaOfPath('/app/home')).toBeNull();
  });

  it('list exactly the orders each disagreement badge counts', () => {
    const o = (id: number, customerGroupFrom: string, locationIdTo: number | null) => ({
      id,
      transactionTypeId: 3,
      locationIdFrom: 9,
      locationIdTo,
      customerGroupFrom,
    });
    expect(disagreementIds([o(1, 'GL', 5), o(2, 'TO', 5), o(3, 'OO', 7), o(4, 'RO', null)], 5)).toEqual({
      delivery: [1, 3],
      expedition: [2, 4],
      reception: [1, 2],
    });
  });
});

describe('the order dialog', () => {
  const products = [
    { id: 1, qtyHeight: 15 },
    { id: 2, qtyHeight: 20 },
  ] as Parameters<typeof validateOrder>[2];
  const texts = {
    required: 'required',
    noLines: 'noLines',
    step: (step: number) => `step ${step}`,
    postalCode: 'postal',
    copies: 'copies',
  };

  it('sends a sale from the acting location on its pickup day, with copies for a new order only', () => {
    const values = { ...initialValues('sale'), quantities: { 1: 30, 2: 0 }, dateSend: '2030-01-07', copies: 3, referenceOwn: ' R1 ' };
    const request = orderRequest({ kind: 'sale', values, products, locationId: 27, draft: false, idempotencyKey: 'key-123456' });
    expect(request).toMatchObject({
      transactionTypeId: 2,
      locationIdFrom: 27,
      dateSend: '2030-01-07',
      datePickup: '2030-01-07',
      lines: [{ productId: 1, quantityOrdered: 30 }],
      referenceOwn: 'R1',
      copies: 3,
      draft: false,
    });
    expect(orderRequest({ kind: 'sale', values, products, locationId: 27, draft: true, id: 9 }).copies).toBeUndefined();
  });

  it('sends a delivery to an external receiver instead of a location', () => {
    const values = {
      ...initialValues('delivery'),
      quantities: { 1: 15 },
      dateSend: '2030-01-07',
      recipientKind: 'external' as const,
      externalLocationId: 4,
      otherLocationId: 13,
    };
    const request = orderRequest({ kind: 'delivery', values, products, locationId: 27, draft: true });
    expect(request.externalLocationIdTo).toBe(4);
    expect(request.locationIdTo).toBeUndefined();
  });

  it('edits a draft to an external receiver with a temporary address without losing either, nor what the dialog does not show', () => {
    const draft = {
      id: 9,
      transactionTypeId: 3,
      locationIdFrom: 27,
      locationIdTo: null,
      externalLocationIdTo: 4,
      tempAddress: { name: 'Lager 2', street: 'Kaia 1', postalCode: '0150', postalName: 'Oslo', countryId: 'NO' as const },
      customsHandler: 'self',
      transportText: 'Ring før levering',
      carType: null,
      dateSend: '2030-01-07',
      transactions: [{ productId: 1, quantityOrdered: 15 }],
    } as unknown as Parameters<typeof initialValues>[1];
    const values = initialValues('delivery', draft);
    expect(values).toMatchObject({ recipientKind: 'external', externalLocationId: 4, otherLocationId: null, useTempAddress: true });
    const request = orderRequest({ kind: 'delivery', values, products, locationId: 27, draft: true, id: 9 });
    expect(request).toMatchObject({
      id: 9,
      externalLocationIdTo: 4,
      tempAddress: { name: 'Lager 2', street: 'Kaia 1', postalCode: '0150', postalName: 'Oslo', countryId: 'NO' },
      customsHandler: 'self',
      transportText: 'Ring før levering',
    });
    expect(request.locationIdTo).toBeUndefined();
  });

  it('checks whole stacks, the recipient first, the temporary address’s postal code and the copies', () => {
    const values = {
      ...initialValues('delivery'),
      quantities: { 1: 16 },
      dateSend: '2030-01-07',
      useTempAddress: true,
      tempAddress: { name: 'A', street: 'B', postalCode: '123', postalName: 'C', countryId: 'NO' as const },
      copies: 51,
    };
    expect(validateOrder('delivery', values, products, texts)).toEqual({
      'product.1': 'step 15',
      recipient: 'required',
      'temp.postalCode': 'postal',
      copies: 'copies',
    });
  });

  it('asks who clears customs only for an order across a border, and sends the choice', () => {
    expect(crossesBorder('NO', 'SE')).toBe(true);
    expect(crossesBorder('NO', 'NO')).toBe(false);
    expect(crossesBorder('NO', undefined)).toBe(false);
    const values = { ...initialValues('delivery'), quantities: { 1: 15 }, dateSend: '2030-01-07', otherLocationId: 40 };
    expect(validateOrder('delivery', values, products, texts, { crossesBorder: true })).toEqual({ customsHandler: 'required' });
    expect(validateOrder('delivery', values, products, texts, { crossesBorder: false })).toEqual({});
    const chosen = { ...values, customsHandler: 'kgh' as const };
    expect(validateOrder('delivery', chosen, products, texts, { crossesBorder: true })).toEqual({});
    expect(orderRequest({ kind: 'delivery', values: chosen, products, locationId: 27, draft: false }).customsHandler).toBe('kgh');
  });

  it('sends the return choice of each line on a return only, shall be returned unless chosen otherwise', () => {
    const values = { ...initialValues('sale'), quantities: { 1: 15, 2: 20 }, shallReturn: { 2: false }, dateSend: '2030-01-07' };
    const lines = (returnChoice: boolean) =>
      orderRequest({ kind: 'sale', values, products, locationId: 27, draft: false, returnChoice }).lines;
    expect(lines(true)).toEqual([
      { productId: 1, quantityOrdered: 15, shallReturn: true },
      { productId: 2, quantityOrdered: 20, shallReturn: false },
    ]);
    expect(lines(false)).toEqual([
      { productId: 1, quantityOrdered: 15 },
      { productId: 2, quantityOrdered: 20 },
    ]);
    expect(validateOrder('sale', { ...values, otherLocationId: null }, products, texts, { recipientRequired: true }).recipient).toBe(
      'required',
    );
  });

  it('sends prices in minor units for provider staff only, and reads a draft’s back', () => {
    const values = {
      ...initialValues('purchase'),
      quantities: { 1: 15 },
      dateSend: '2030-01-07',
      money: { price: 12.5, freight: 1499.99, transportFee: null },
    };
    const staff = orderRequest({ kind: 'purchase', values, products, locationId: 27, draft: true, withMoney: true });
    expect([staff.price, staff.freight, staff.transportFee]).toEqual([1250, 149999, undefined]);
    const customer = orderRequest({ kind: 'purchase', values, products, locationId: 27, draft: true });
    expect([customer.price, customer.freight]).toEqual([undefined, undefined]);
    expect(minorUnits(0.1 + 0.2)).toBe(30);
    expect(separators('nb-NO').decimal).toBe(',');
    expect(separators('en-US')).toEqual({ decimal: '.', group: ',' });
  });

  it('puts the server’s field errors on their fields', () => {
    const { mapped, rest } = mapServerFields(
      { 'lines.0.quantityOrdered': 'q', 'tempAddress.postalCode': 'p', externalLocationIdTo: 'x', price: 'm', loadText: 'r' },
      [{ productId: 2, quantityOrdered: 20 }],
    );
    expect(mapped).toEqual({ 'product.2': 'q', 'temp.postalCode': 'p', recipient: 'x', price: 'm' });
    expect(rest).toEqual(['r']);
  });

  it('shows the fill with one decimal, red above a full truck, and asks for the volume again on another stack height', () => {
    expect(formatFill(0.5454, 'en-US')).toEqual({ text: '54.5%', over: false });
    expect(formatFill(1.2121, 'nb-NO').over).toBe(true);
    expect(formatFill(1.2121, 'nb-NO').text).toMatch(/^121,2\s?%$/);
    expect(truckHeightChanged({ qtyHeight: 15, qtyHeight2: 0 }, { qtyHeight: 12, qtyHeight2: 0 })).toBe(true);
    expect(truckHeightChanged({ qtyHeight: 15, qtyHeight2: 0 }, { qtyHeight: 15, qtyHeight2: 0 })).toBe(false);
  });
});

describe('the location picker and the status errors', () => {
  it('offers only active locations other than the acting one, each once', () => {
    const l = (id: number, statusId: number) => ({ id, statusId });
    expect(pickableLocations([l(1, 1), l(2, 2), l(3, 1), l(1, 1), l(27, 1)], 27).map((x) => x.id)).toEqual([1, 3]);
  });

  it('does not repeat "Could not set order status" under the toast of that title', () => {
    expect(
      stripStatusPrefix('Could not set order status: an order in status Draft cannot move to Sent', 'Could not set order status: '),
    ).toBe('an order in status Draft cannot move to Sent');
    expect(stripStatusPrefix('Someone else changed this meanwhile.', 'Could not set order status: ')).toBe(
      'Someone else changed this meanwhile.',
    );
  });
});

describe('fuel and car type', () => {
  const truck = (id: number, fuel: string, isDefault = false) =>
    ({ id, name: `T${id}`, isDefault, qtyHeight: 15, qtyHeight2: 0, tpuCount: 33, tpuCount2: 0, fuel }) as const;
  const trucks = [truck(1, 'diesel', true), truck(2, 'diesel'), truck(3, 'hvo'), truck(5, 'electric'), truck(6, 'hvo')];

  it('shows the default truck as chosen until the user picks one', () => {
    expect(chosenTruck(trucks, null)?.id).toBe(1);
    expect(chosenTruck(trucks, 3)?.id).toBe(3);
    expect(chosenTruck([], null)).toBeUndefined();
  });

  it('offers each fuel once and moves to a car type of the fuel chosen', () => {
    expect(truckFuels(trucks)).toEqual(['diesel', 'hvo', 'electric']);
    expect(truckForFuel(trucks, trucks[1], 'diesel')?.id).toBe(2);
    expect(truckForFuel(trucks, trucks[1], 'hvo')?.id).toBe(3);
    expect(truckForFuel(trucks, trucks[2], 'diesel')?.id).toBe(1);
  });
});
