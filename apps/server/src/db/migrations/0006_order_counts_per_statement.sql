-- New orders are counted once per statement instead of once per row (issue 7: the Excel
-- import inserts all of a file's orders with one statement): one grouped upsert of the
-- inserted rows (the transition table). It locks the counter rows in the order the row trigger
-- of 0002 locks them for an update (the from-side before the to-side): every 'F' row, then every
-- 'T' row, each by location, so that a new order and a status change of another order between
-- the same two locations never wait for each other crosswise (a deadlock). Updates and
-- deletes stay with the row trigger of 0002.
DROP TRIGGER "orders_count_trg" ON "orders";--> statement-breakpoint
CREATE TRIGGER "orders_count_trg" AFTER DELETE OR UPDATE OF location_id_from, location_id_to, transaction_type_id, transaction_status_id
  ON "orders" FOR EACH ROW EXECUTE FUNCTION orders_count_trg_fn();--> statement-breakpoint
CREATE FUNCTION "orders_count_insert_fn"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_counts (location_id, side, transaction_type_id, transaction_status_id, n)
  SELECT location_id, side, transaction_type_id, transaction_status_id, count(*)::int FROM (
    SELECT location_id_from AS location_id, 'F'::char(1) AS side, transaction_type_id, transaction_status_id FROM new_orders
    UNION ALL
    SELECT location_id_to, 'T'::char(1), transaction_type_id, transaction_status_id FROM new_orders WHERE location_id_to IS NOT NULL
  ) inserted
  GROUP BY location_id, side, transaction_type_id, transaction_status_id
  ORDER BY side, location_id, transaction_type_id, transaction_status_id
  ON CONFLICT (location_id, side, transaction_type_id, transaction_status_id) DO UPDATE SET n = order_counts.n + excluded.n;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "orders_count_insert_trg" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION orders_count_insert_fn();
