CREATE TABLE "order_counts" (
	"location_id" integer NOT NULL,
	"side" char(1) NOT NULL,
	"transaction_type_id" smallint NOT NULL,
	"transaction_status_id" smallint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_counts_location_id_side_transaction_type_id_transaction_status_id_pk" PRIMARY KEY("location_id","side","transaction_type_id","transaction_status_id")
);
--> statement-breakpoint
DROP INDEX "orders_from_send_idx";--> statement-breakpoint
DROP INDEX "orders_to_send_idx";--> statement-breakpoint
DROP INDEX "orders_send_idx";--> statement-breakpoint
CREATE INDEX "orders_from_send_idx" ON "orders" USING btree ("location_id_from","date_send","id");--> statement-breakpoint
CREATE INDEX "orders_to_send_idx" ON "orders" USING btree ("location_id_to","date_send","id");--> statement-breakpoint
CREATE INDEX "orders_send_idx" ON "orders" USING btree ("date_send","id");--> statement-breakpoint
CREATE FUNCTION "order_counts_add"(p_location integer, p_side char, p_type smallint, p_status smallint, p_delta integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO order_counts (location_id, side, transaction_type_id, transaction_status_id, n)
  VALUES (p_location, p_side, p_type, p_status, p_delta)
  ON CONFLICT (location_id, side, transaction_type_id, transaction_status_id) DO UPDATE SET n = order_counts.n + excluded.n;
$$;--> statement-breakpoint
CREATE FUNCTION "orders_count_trg_fn"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM order_counts_add(OLD.location_id_from, 'F', OLD.transaction_type_id, OLD.transaction_status_id, -1);
    IF OLD.location_id_to IS NOT NULL THEN
      PERFORM order_counts_add(OLD.location_id_to, 'T', OLD.transaction_type_id, OLD.transaction_status_id, -1);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM order_counts_add(NEW.location_id_from, 'F', NEW.transaction_type_id, NEW.transaction_status_id, 1);
    IF NEW.location_id_to IS NOT NULL THEN
      PERFORM order_counts_add(NEW.location_id_to, 'T', NEW.transaction_type_id, NEW.transaction_status_id, 1);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "orders_count_trg" AFTER INSERT OR DELETE OR UPDATE OF location_id_from, location_id_to, transaction_type_id, transaction_status_id
  ON "orders" FOR EACH ROW EXECUTE FUNCTION orders_count_trg_fn();--> statement-breakpoint
INSERT INTO order_counts (location_id, side, transaction_type_id, transaction_status_id, n)
  SELECT location_id_from, 'F', transaction_type_id, transaction_status_id, count(*) FROM orders GROUP BY 1, 2, 3, 4
  UNION ALL
  SELECT location_id_to, 'T', transaction_type_id, transaction_status_id, count(*) FROM orders WHERE location_id_to IS NOT NULL GROUP BY 1, 2, 3, 4;
