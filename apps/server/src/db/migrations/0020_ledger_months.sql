CREATE TABLE "ledger_months" (
	"location_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"balance_kind" text NOT NULL,
	"month" date NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_months_location_id_product_id_balance_kind_month_pk" PRIMARY KEY("location_id","product_id","balance_kind","month")
);
--> statement-breakpoint
-- Issue 21 ("Ten years of data"): the balance at the start of a past day was the running total
-- minus every entry booked since, a read that grew with the years between the day and today. The
-- net movement per location, product, kind and month lets it subtract whole months instead. New
-- entries are added once per statement (a posting writes all of its entries with one), in key
-- order, as `postEntries` takes the balance rows: a statement that holds a month row already holds
-- the balance row of the same location, product and kind, so two postings never wait crosswise.
CREATE FUNCTION "ledger_months_insert_fn"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_months (location_id, product_id, balance_kind, month, quantity)
  SELECT location_id, product_id, balance_kind, date_trunc('month', booking_date::timestamp)::date, sum(quantity)
  FROM new_entries
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (location_id, product_id, balance_kind, month) DO UPDATE SET quantity = ledger_months.quantity + excluded.quantity;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_months_insert_trg" AFTER INSERT ON "ledger_entries" REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_months_insert_fn();--> statement-breakpoint
-- Entries are only ever added by the application; a changed or deleted one (a repair by hand) moves
-- its month too.
CREATE FUNCTION "ledger_months_trg_fn"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE ledger_months SET quantity = quantity - OLD.quantity
    WHERE location_id = OLD.location_id AND product_id = OLD.product_id AND balance_kind = OLD.balance_kind
      AND month = date_trunc('month', OLD.booking_date::timestamp)::date;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO ledger_months (location_id, product_id, balance_kind, month, quantity)
    VALUES (NEW.location_id, NEW.product_id, NEW.balance_kind, date_trunc('month', NEW.booking_date::timestamp)::date, NEW.quantity)
    ON CONFLICT (location_id, product_id, balance_kind, month) DO UPDATE SET quantity = ledger_months.quantity + excluded.quantity;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_months_trg" AFTER DELETE OR UPDATE OF location_id, product_id, balance_kind, quantity, booking_date
  ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION ledger_months_trg_fn();--> statement-breakpoint
INSERT INTO ledger_months (location_id, product_id, balance_kind, month, quantity)
SELECT location_id, product_id, balance_kind, date_trunc('month', booking_date::timestamp)::date, sum(quantity)
FROM ledger_entries GROUP BY 1, 2, 3, 4;
