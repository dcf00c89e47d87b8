import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { clusterRefusal, PGLITE_CLUSTER_REFUSAL } from './cluster';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('WEB_CONCURRENCY', () => {
  it('more than one worker needs PostgreSQL', () => {
    expect(clusterRefusal({ webConcurrency: 1, databaseUrl: undefined })).toBeNull();
    expect(clusterRefusal({ webConcurrency: 4, databaseUrl: 'postgres://h/db' })).toBeNull();
    expect(clusterRefusal({ webConcurrency: 2, databaseUrl: undefined })).toBe(PGLITE_CLUSTER_REFUSAL);
  });

  it('the server refuses it on PGlite with the clear message, before touching any data', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: root,
      env: { ...process.env, WEB_CONCURRENCY: '2', DATABASE_URL: '', DATA_DIR: '/nonexistent/origem' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(PGLITE_CLUSTER_REFUSAL);
  });
});
