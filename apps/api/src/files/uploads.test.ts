import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@origem/contract/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { createTestApp, type TestApp } from '../test/app';
import { uploadMessages } from './upload';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200_000, 7),
]);

/** Every file under DATA_DIR/files, the temporary folder included. */
function filesOnDisk(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else found.push(path.relative(t.app.config.dataDir, full));
    }
  };
  walk(path.join(t.app.config.dataDir, 'files'));
  return found;
}

async function rows() {
  const [row] = await queryRows<Record<string, number>>(
    t.db,
    sql`select (select count(*)::int from audits) as audits, (select count(*)::int from federations) as federations,
               (select count(*)::int from stored_files) as files`,
  );
  return row;
}

const post = (headers: Record<string, string>, payload: Buffer | string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/federation',
    headers: { authorization: `Bearer ${admin}`, ...headers },
    payload,
  });

function filePart(boundary: string, bytes: Buffer) {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nFederação Cortada\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
  ]);
}

describe('a body that is not valid multipart is the client’s fault: 400, nothing written, no file left', () => {
  it('multipart without a boundary', async () => {
    const before = await rows();
    const res = await post({ 'content-type': 'multipart/form-data' }, filePart('x', PNG));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: ErrorCode.BadRequest, message: uploadMessages.malformed });
    expect(await rows()).toEqual(before);
    expect(filesOnDisk()).toEqual([]);
  });

  it('a body cut off in the middle of a file', async () => {
    const before = await rows();
    const res = await post(
      { 'content-type': 'multipart/form-data; boundary=corte' },
      filePart('corte', PNG.subarray(0, 150_000)),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(uploadMessages.malformed);
    expect(await rows()).toEqual(before);
    expect(filesOnDisk()).toEqual([]);
  });

  it('a body cut off after a complete file: the file already stored is removed too', async () => {
    const before = await rows();
    const body = Buffer.concat([
      filePart('corte2', PNG),
      Buffer.from('\r\n--corte2\r\nContent-Disposition: form-data; name="abbreviation"\r\n\r\nFC'),
    ]);
    const res = await post({ 'content-type': 'multipart/form-data; boundary=corte2' }, body);
    expect(res.statusCode).toBe(400);
    expect(await rows()).toEqual(before);
    expect(filesOnDisk()).toEqual([]);
  });

  it('a malformed part header, an empty boundary, a boundary too long', async () => {
    const before = await rows();
    const bad = await post(
      { 'content-type': 'multipart/form-data; boundary=b' },
      '--b\r\nsem-dois-pontos\r\n\r\nx\r\n--b--\r\n',
    );
    const empty = await post({ 'content-type': 'multipart/form-data; boundary=' }, '--\r\n\r\n');
    const long = await post({ 'content-type': `multipart/form-data; boundary=${'b'.repeat(300)}` }, 'x');
    for (const res of [bad, empty, long]) expect(res.statusCode, res.body).toBeLessThan(500);
    expect(await rows()).toEqual(before);
    expect(filesOnDisk()).toEqual([]);
  });

  it('a complete form is still accepted (the same route, the same file)', async () => {
    const boundary = 'inteiro';
    const body = Buffer.concat([
      filePart(boundary, PNG),
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="abbreviation"\r\n\r\nFI\r\n--${boundary}--\r\n`,
      ),
    ]);
    const res = await post({ 'content-type': `multipart/form-data; boundary=${boundary}` }, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(filesOnDisk()).toHaveLength(1);
  });
});

describe('an SVG logo is sanitised, and served sandboxed', () => {
  it('stores the drawing without its active parts and serves it with the sandbox CSP', async () => {
    const boundary = 'svglogo';
    const svg = [
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="8" height="8">',
      '<script>fetch("/v1/user")</script><style>@import url(https://evil.example/x.css)</style>',
      '<a xlink:href="#r"><set attributeName="href" to="javascript:alert(1)"/></a>',
      '<rect id="r" width="8" height="8" fill="#036" onmouseover="alert(2)"/>',
      '<image href="https://evil.example/pixel.png"/>',
      '</svg>',
    ].join('');
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nFederação Vetorial\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="abbreviation"\r\n\r\nFV\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="marca.svg"\r\nContent-Type: image/svg+xml\r\n\r\n`,
      ),
      Buffer.from(svg),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const created = await post({ 'content-type': `multipart/form-data; boundary=${boundary}` }, body);
    expect(created.statusCode, created.body).toBe(201);
    const logo = await t.app.inject({
      method: 'GET',
      url: `/v1/federation/${created.json().id}/logo`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.headers['content-security-policy']).toContain('sandbox');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(logo.body).toContain('<rect id="r" width="8" height="8" fill="#036"></rect>');
    for (const gone of ['script', 'fetch', '<style', 'evil.example', '<set', 'javascript', 'onmouseover']) {
      expect(logo.body, gone).not.toContain(gone);
    }
  });
});
