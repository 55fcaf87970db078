/**
 * The bulk writers of the demo orders (db/bulk.ts): the orders with their lines, status
 * history and comments, and the ledger entries of the received ones (seeded by orders.ts,
 * written by ledger.ts).
 */
import { Bulk } from '../../db/bulk.js';

/** The ledger entries of the demo data, collected while the orders are made. */
export type LedgerBulk = Bulk<
  'order_id' | 'product_id' | 'location_id' | 'balance_kind' | 'quantity' | 'source' | 'booking_date' | 'created_at'
>;

/** An empty writer of ledger entries. */
export function newLedgerBulk(): LedgerBulk {
  return new Bulk('ledger_entries', {
    order_id: 'bigint',
    product_id: 'int',
    location_id: 'int',
    balance_kind: 'text',
    quantity: 'int',
    source: 'text',
    booking_date: 'date',
    created_at: 'timestamptz',
  });
}

/** Empty writers of the orders, their lines, status history and comments. */
export function newOrderBulks() {
  const orders = new Bulk('orders', {
    id: 'bigint',
    transaction_type_id: 'int2',
    transaction_status_id: 'int2',
    location_id_from: 'int',
    location_id_to: 'int',
    external_location_id_to: 'int',
    customer_group_from: 'text',
    customer_group_to: 'text',
    date_pickup: 'date',
    date_send: 'date',
    date_receive: 'date',
    reference_own: 'text',
    reference_sender: 'text',
    reference_receiver: 'text',
    reference_transport: 'text',
    currency: 'text',
    price: 'bigint',
    amount: 'bigint',
    freight: 'bigint',
    transport_fee: 'bigint',
    car_number: 'text',
    trailer: 'text',
    car_type: 'text',
    fuel: 'text',
    cartman: 'text',
    transporter: 'text',
    sealing: 'text',
    truck_type_id: 'int',
    customs_handler: 'text',
    customs_status: 'text',
    load_text: 'text',
    info_text: 'text',
    transport_text: 'text',
    auto_commit: 'bool',
    reception_days: 'int2',
    return_days: 'int2',
    is_receiver_registered: 'bool',
    replaced_by_order_id: 'bigint',
    created_by_user_id: 'int',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
    version: 'int',
    quantity_total: 'int',
    weight_grams: 'bigint',
    comment_count: 'int',
  });
  const lines = new Bulk('order_lines', {
    order_id: 'bigint',
    product_id: 'int',
    quantity_ordered: 'int',
    quantity_picked: 'int',
    quantity_delivered: 'int',
    shall_return: 'bool',
  });
  const history = new Bulk('order_status_history', {
    order_id: 'bigint',
    from_status_id: 'int2',
    to_status_id: 'int2',
    user_id: 'int',
    comment: 'text',
    at: 'timestamptz',
  });
  const orderComments = new Bulk('order_comments', { order_id: 'bigint', user_id: 'int', text: 'text', created_at: 'timestamptz' });
  return { orders, lines, history, orderComments };
}

/** The writers `newOrderBulks` answers. */
export type OrderBulks = ReturnType<typeof newOrderBulks>;
