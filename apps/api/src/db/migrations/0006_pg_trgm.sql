-- Trigram indexes serve the lists' "contains" text filters (docs/adr/006-lists-that-scale.md). pg_trgm is a
-- trusted extension (a database owner may create it) and PGlite loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
