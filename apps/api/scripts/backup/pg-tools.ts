import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** The major version of the server behind `url` (15, 16, 17…). */
export async function serverMajor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>('show server_version_num');
    return Math.floor(Number(rows[0]?.v) / 10_000);
  } finally {
    await client.end();
  }
}

/**
 * The pg_dump / pg_restore for a server of major version `major`: Debian's postgresql-client installs each version
 * under /usr/lib/postgresql/<major>/bin; the same major, else the newest installed (a newer pg_dump reads an older
 * server; an older one refuses a newer server), else whatever PATH has. PG_BIN_DIR overrides the search.
 */
export function pgBinary(name: 'pg_dump' | 'pg_restore', major: number): string {
  const override = process.env.PG_BIN_DIR;
  if (override) return path.join(override, name);
  const base = '/usr/lib/postgresql';
  const installed = existsSync(base)
    ? readdirSync(base)
        .map(Number)
        .filter((v) => Number.isInteger(v) && existsSync(path.join(base, String(v), 'bin', name)))
        .sort((a, b) => a - b)
    : [];
  const chosen = installed.includes(major) ? major : installed.filter((v) => v >= major).at(-1);
  return chosen === undefined ? name : path.join(base, String(chosen), 'bin', name);
}

/** Runs a PostgreSQL tool; on failure throws with its stderr (never the connection string's password). */
export async function runTool(binary: string, args: string[]): Promise<void> {
  try {
    await run(binary, args, { maxBuffer: 64 * 1024 * 1024 });
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`${path.basename(binary)} falhou: ${(e.stderr || e.message).trim()}`);
  }
}

/** Every table (outside the catalogs) and its row count, as the given connection sees them. */
export async function tableCounts(client: pg.ClientBase): Promise<Record<string, number>> {
  const { rows } = await client.query<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`,
  );
  const counts: Record<string, number> = {};
  for (const { schema, name } of rows) {
    const ident = `${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(name)}`;
    const res = await client.query<{ n: string }>(`select count(*)::text as n from ${ident}`);
    counts[`${schema}.${name}`] = Number(res.rows[0]?.n ?? 0);
  }
  return counts;
}
