/**
 * Without DATABASE_URL the server runs on the embedded PGlite, a single-process database living in DATA_DIR: it
 * has no pg_dump and its folder is consistent only while no server writes it. The scripts refuse rather than copy a
 * folder in use; the demo/development installation is backed up by stopping the server and copying DATA_DIR.
 */
export const PGLITE_REFUSAL =
  'DATABASE_URL não está definido: o servidor usa o PGlite embutido (DATA_DIR), que não tem pg_dump. ' +
  'Para um backup do PGlite, pare o servidor e copie a pasta DATA_DIR inteira (ex.: tar czf origem.tgz data/); ' +
  'em produção use PostgreSQL (docs/deploy/backup-and-recovery.md).';
