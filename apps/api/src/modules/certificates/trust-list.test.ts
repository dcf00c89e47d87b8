import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { testCa } from '../../documents/signing/test-pki';
import { configuredTrust } from '../signatures/trust';

const dir = mkdtempSync(path.join(tmpdir(), 'origem-trust-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = path.join(dir, 'trust.pem');
const config = { signatureTrustPem: file } as Config;

describe('the configured trust list', () => {
  it('is absent while its file is missing, and follows the file when it changes', async () => {
    expect(await configuredTrust({ signatureTrustPem: undefined } as unknown as Config)).toBeNull();
    expect(await configuredTrust(config)).toBeNull();

    const first = testCa('AC Primeira');
    writeFileSync(file, first.certPem);
    expect((await configuredTrust(config))?.map((c) => c.subject)).toEqual([
      expect.stringContaining('AC Primeira'),
    ]);

    const second = testCa('AC Segunda');
    writeFileSync(file, second.certPem);
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    expect((await configuredTrust(config))?.map((c) => c.subject)).toEqual([
      expect.stringContaining('AC Segunda'),
    ]);
  });
});
