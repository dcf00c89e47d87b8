import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { FUZZ_ENV, fuzz } from './run';

/**
 * The bounded fuzz run of `npm test` (the full one is `npm run fuzz`): hostile requests generated from the OpenAPI
 * document to every route, anonymous, as the administrator, as an exporter and with an API token. Not one may answer
 * 5xx.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(FUZZ_ENV);
});
afterAll(() => t.close());

describe('fuzzing every route from the OpenAPI document', () => {
  // A guard against a hang, not a speed goal: a few thousand requests take ~1 minute quiet, several on a loaded box.
  it('gets no 5xx answer', { timeout: 600_000 }, async () => {
    const seed = Number(process.env.FUZZ_SEED ?? 20_261_124);
    const report = await fuzz(t, { seed, perOperation: 5 });
    console.info(
      `fuzz (seed ${seed}): ${report.requests} requests to ${report.operations} operations in ${report.ms} ms`,
      report.byStatus,
    );
    expect(report.requests).toBeGreaterThan(2000);
    expect(report.failures).toEqual([]);
  });
});
