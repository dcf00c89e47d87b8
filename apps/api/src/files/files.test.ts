import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { storedFiles } from '../db/schema';
import { FileChanges, findOwnerFile } from './records';
import { sniffKind, svgIsSafe } from './sniff';
import { localStorage } from './storage';
import { CSV_POLICY, LOGO_POLICY, PDF_POLICY, receiveBuffer } from './upload';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
const ELF = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
  Buffer.alloc(256, 0),
]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(256, 0x90), Buffer.from([0x00])]);
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>',
);

let root: string;
let storage: ReturnType<typeof localStorage>;

function storedBlobs(): number {
  let n = 0;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else n += 1;
    }
  };
  walk(root);
  return n;
}

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'origem-files-'));
  storage = localStorage(root);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('sniffKind', () => {
  it('recognises files by their bytes', () => {
    expect(sniffKind(PNG)).toBe('png');
    expect(sniffKind(JPEG)).toBe('jpeg');
    expect(sniffKind(PDF)).toBe('pdf');
    expect(sniffKind(SVG)).toBe('svg');
    expect(sniffKind(Buffer.from('ncm;descricao\n01012100;Cavalos\n'))).toBe('csv');
    expect(sniffKind(ELF)).toBeNull();
    expect(sniffKind(EXE)).toBeNull();
  });

  it('accepts only inert SVG drawings', () => {
    expect(svgIsSafe(SVG.toString())).toBe(true);
    expect(svgIsSafe('<svg><script>alert(1)</script></svg>')).toBe(false);
    expect(svgIsSafe('<svg><rect onload="x()"/></svg>')).toBe(false);
    expect(svgIsSafe('<svg><a href="javascript:alert(1)"/></svg>')).toBe(false);
    expect(svgIsSafe('<svg><image href="https://evil.example/x.png"/></svg>')).toBe(false);
    expect(svgIsSafe('<svg><use href="#shape"/></svg>')).toBe(true);
  });
});

describe('receiveFile', () => {
  it('stores a logo with its size, type and SHA-256', async () => {
    const file = await receiveBuffer(storage, PNG, 'logo.png', LOGO_POLICY);
    expect(file).toMatchObject({
      kind: 'png',
      mime: 'image/png',
      size: PNG.length,
      originalName: 'logo.png',
    });
    expect(file.sha256).toBe(createHash('sha256').update(PNG).digest('hex'));
    expect(await storage.exists(file.key)).toBe(true);
  });

  it('refuses a renamed executable as a logo and leaves nothing behind', async () => {
    const before = storedBlobs();
    await expect(receiveBuffer(storage, EXE, 'logo.png', LOGO_POLICY, 'logo')).rejects.toMatchObject({
      status: 422,
      errors: { logo: ['Tipo de arquivo não aceito. Envie um arquivo PNG, JPEG ou SVG.'] },
    });
    await expect(receiveBuffer(storage, ELF, 'contrato.pdf', PDF_POLICY)).rejects.toMatchObject({
      status: 422,
    });
    expect(storedBlobs()).toBe(before);
  });

  it('refuses files over the cap, empty files and unsafe SVGs', async () => {
    const before = storedBlobs();
    const big = Buffer.concat([PNG, Buffer.alloc(LOGO_POLICY.maxBytes)]);
    await expect(receiveBuffer(storage, big, 'grande.png', LOGO_POLICY)).rejects.toMatchObject({
      errors: { file: ['O arquivo excede o tamanho máximo de 2 MB.'] },
    });
    await expect(receiveBuffer(storage, Buffer.alloc(0), 'vazio.csv', CSV_POLICY)).rejects.toMatchObject({
      errors: { file: ['O arquivo enviado está vazio.'] },
    });
    const evil = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await expect(receiveBuffer(storage, evil, 'logo.svg', LOGO_POLICY)).rejects.toMatchObject({
      status: 422,
    });
    expect(storedBlobs()).toBe(before);
  });
});

describe('FileChanges', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(() => handle.close());

  it('replacing a file removes the old blob after commit; a rollback removes the new one', async () => {
    const owner = { type: 'federation', id: 7 };
    const first = await receiveBuffer(storage, PNG, 'a.png', LOGO_POLICY);
    await new FileChanges(storage).run((changes) =>
      handle.db.transaction((tx) => changes.attach(tx, first, owner, null)),
    );
    const second = await receiveBuffer(storage, JPEG, 'b.jpg', LOGO_POLICY);
    await new FileChanges(storage).run((changes) =>
      handle.db.transaction((tx) => changes.attach(tx, second, owner, null)),
    );
    expect(await storage.exists(first.key)).toBe(false);
    expect((await findOwnerFile(handle.db, owner))?.storage_key).toBe(second.key);

    const third = await receiveBuffer(storage, PNG, 'c.png', LOGO_POLICY);
    await expect(
      new FileChanges(storage).run((changes) =>
        handle.db.transaction(async (tx) => {
          await changes.attach(tx, third, owner, null);
          throw new Error('falhou depois de anexar');
        }),
      ),
    ).rejects.toThrow('falhou depois de anexar');
    expect(await storage.exists(third.key)).toBe(false);
    expect(await storage.exists(second.key)).toBe(true);
    expect((await findOwnerFile(handle.db, owner))?.storage_key).toBe(second.key);
    expect(await handle.db.select().from(storedFiles)).toHaveLength(1);
  });
});
