-- dispatcher_exporter_links keeps copies of the exporter's and the dispatcher's names: the lists are ordered by them
-- (SPEC §9) through indexes, which cannot reach into another table. These triggers keep the copies equal to the
-- names whatever writes them (the parties' edit screen, imports, scripts).
CREATE FUNCTION dispatcher_exporter_links_exporter_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE dispatcher_exporter_links SET exporter_name = NEW.name WHERE exporter_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION dispatcher_exporter_links_dispatcher_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE dispatcher_exporter_links SET dispatcher_name = NEW.name WHERE dispatcher_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER exporters_name_to_links AFTER UPDATE OF name ON exporters
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION dispatcher_exporter_links_exporter_name();
--> statement-breakpoint
CREATE TRIGGER dispatchers_name_to_links AFTER UPDATE OF name ON dispatchers
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION dispatcher_exporter_links_dispatcher_name();
