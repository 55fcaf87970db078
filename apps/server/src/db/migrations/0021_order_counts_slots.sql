-- Issue 21: each order count spread over 16 rows (slots). Every order write adds to its count
-- rows in the triggers of 0002 and 0006 and holds them until it commits, so all writes between
-- the same two locations (50 clients in bench/order-writes) waited in line for the same few rows.
-- Now a transaction adds to the slot of its transaction id (txid_current() % 16): one transaction
-- always uses one slot, so the lock order of 0006 (from-side rows before to-side rows) still holds
-- within a slot, and two transactions of different slots share no count row. A count is the sum
-- of its slots; the existing counts stay in slot 0.
-- And a status change (or a delete) adds to its counts at the commit, not at its UPDATE: the row
-- trigger of 0002 becomes a deferred constraint trigger, so the count rows are held only while
-- the transaction commits, not while the change writes its history, alert, mail and ledger
-- entries. New orders keep the grouped upsert of 0006 in their INSERT statement.
ALTER TABLE "order_counts" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_counts" DROP CONSTRAINT "order_counts_location_id_side_transaction_type_id_transaction_status_id_pk";--> statement-breakpoint
ALTER TABLE "order_counts" ADD CONSTRAINT "order_counts_pk" PRIMARY KEY("location_id","side","transaction_type_id","transaction_status_id","slot");--> statement-breakpoint
CREATE FUNCTION "order_counts_slot"() RETURNS smallint
LANGUAGE sql VOLATILE AS $$ SELECT (txid_current() % 16)::smallint $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "order_counts_add"(p_location integer, p_side char, p_type smallint, p_status smallint, p_delta integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO order_counts (location_id, side, transaction_type_id, transaction_status_id, slot, n)
  VALUES (p_location, p_side, p_type, p_status, order_counts_slot(), p_delta)
  ON CONFLICT (location_id, side, transaction_type_id, transaction_status_id, slot) DO UPDATE SET n = order_counts.n + excluded.n;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "orders_count_insert_fn"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_slot smallint := order_counts_slot();
BEGIN
  INSERT INTO order_counts (location_id, side, transaction_type_id, transaction_status_id, slot, n)
  SELECT location_id, side, transaction_type_id, transaction_status_id, v_slot, count(*)::int FROM (
    SELECT location_id_from AS location_id, 'F'::char(1) AS side, transaction_type_id, transaction_status_id FROM new_orders
    UNION ALL
    SELECT location_id_to, 'T'::char(1), transaction_type_id, transaction_status_id FROM new_orders WHERE location_id_to IS NOT NULL
  ) inserted
  GROUP BY location_id, side, transaction_type_id, transaction_status_id
  ORDER BY side, location_id, transaction_type_id, transaction_status_id
  ON CONFLICT (location_id, side, transaction_type_id, transaction_status_id, slot) DO UPDATE SET n = order_counts.n + excluded.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "orders_count_trg" ON "orders";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_count_trg" AFTER DELETE OR UPDATE OF location_id_from, location_id_to, transaction_type_id, transaction_status_id
  ON "orders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION orders_count_trg_fn();
