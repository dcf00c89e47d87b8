CREATE TABLE "dashboard_issue_counts" (
	"trade_association_id" integer NOT NULL,
	"exporter_id" integer NOT NULL,
	"month" date NOT NULL,
	"deal_id" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_issue_counts_pk" PRIMARY KEY("exporter_id","trade_association_id","month","deal_id")
);
--> statement-breakpoint
CREATE TABLE "dashboard_status_counts" (
	"subject" varchar(12) NOT NULL,
	"trade_association_id" integer NOT NULL,
	"exporter_id" integer NOT NULL,
	"status" varchar(30) NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_status_counts_pk" PRIMARY KEY("subject","exporter_id","trade_association_id","status")
);
--> statement-breakpoint
-- The dashboard's counters follow every insert, update and delete of certificates and declarations in the writer's
-- own transaction, whoever writes (services, the kernel's transition, seeds, scripts, cascades). Statement-level
-- triggers with transition tables: one grouped upsert per statement, so a bulk insert (seed:scale) costs one
-- aggregate, not one upsert per row, and an update that moves no counted column writes nothing (net delta 0).
-- Counters are upserted in key order so two transactions touching the same ones lock them in the same order.
CREATE FUNCTION dashboard_count_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'select *, 1 as delta from new_rows'
    WHEN 'DELETE' THEN 'select *, -1 as delta from old_rows'
    ELSE 'select *, 1 as delta from new_rows union all select *, -1 from old_rows' END;
BEGIN
  EXECUTE format(
    $q$insert into dashboard_status_counts as t (subject, trade_association_id, exporter_id, status, count)
       select %L, trade_association_id, coalesce(exporter_id, 0), status, sum(delta)
         from (%s) c
        group by grouping sets ((trade_association_id, exporter_id, status), (trade_association_id, status))
       having sum(delta) <> 0
        order by 3, 2, 4
       on conflict (subject, trade_association_id, exporter_id, status)
       do update set count = t.count + excluded.count$q$,
    TG_ARGV[0], changes);
  IF TG_ARGV[0] = 'certificate' THEN
    EXECUTE format(
      $q$insert into dashboard_issue_counts as t (trade_association_id, exporter_id, month, deal_id, count)
         select trade_association_id, coalesce(exporter_id, 0), month, deal_id, sum(delta)
           from (select trade_association_id, exporter_id, deal_id, delta,
                        date_trunc('month', issued_at at time zone 'America/Sao_Paulo')::date as month
                   from (%s) c where issued_at is not null) i
          group by grouping sets ((trade_association_id, exporter_id, month, deal_id),
                                  (trade_association_id, month, deal_id))
         having sum(delta) <> 0
          order by 2, 1, 3, 4
         on conflict (trade_association_id, exporter_id, month, deal_id)
         do update set count = t.count + excluded.count$q$,
      changes);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER certificates_count_inserts AFTER INSERT ON certificates REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_changes('certificate');--> statement-breakpoint
CREATE TRIGGER certificates_count_updates AFTER UPDATE ON certificates
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_changes('certificate');--> statement-breakpoint
CREATE TRIGGER certificates_count_deletes AFTER DELETE ON certificates REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_changes('certificate');--> statement-breakpoint
CREATE TRIGGER declarations_count_inserts AFTER INSERT ON declarations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_changes('declaration');--> statement-breakpoint
CREATE TRIGGER declarations_count_updates AFTER UPDATE ON declarations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_changes('declaration');--> statement-breakpoint
CREATE TRIGGER declarations_count_deletes AFTER DELETE ON declarations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_changes('declaration');--> statement-breakpoint
-- Backfill (the triggers above already hold the tables' write lock until the migration commits).
INSERT INTO dashboard_status_counts (subject, trade_association_id, exporter_id, status, count)
SELECT 'certificate', trade_association_id, coalesce(exporter_id, 0), status, count(*) FROM certificates
 GROUP BY GROUPING SETS ((trade_association_id, exporter_id, status), (trade_association_id, status));--> statement-breakpoint
INSERT INTO dashboard_status_counts (subject, trade_association_id, exporter_id, status, count)
SELECT 'declaration', trade_association_id, coalesce(exporter_id, 0), status, count(*) FROM declarations
 GROUP BY GROUPING SETS ((trade_association_id, exporter_id, status), (trade_association_id, status));--> statement-breakpoint
INSERT INTO dashboard_issue_counts (trade_association_id, exporter_id, month, deal_id, count)
SELECT trade_association_id, coalesce(exporter_id, 0), month, deal_id, count(*)
  FROM (SELECT trade_association_id, exporter_id, deal_id,
               date_trunc('month', issued_at at time zone 'America/Sao_Paulo')::date AS month
          FROM certificates WHERE issued_at IS NOT NULL) i
 GROUP BY GROUPING SETS ((trade_association_id, exporter_id, month, deal_id), (trade_association_id, month, deal_id));
