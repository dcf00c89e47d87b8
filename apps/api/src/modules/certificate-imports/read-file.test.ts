import { createReadStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readImportRows } from './read-file';
import { xlsxOf } from './test-support';

describe('readImportRows (XLSX)', () => {
  it('reads every valid workbook, many at once: none taken for unreadable (exceljs#3064)', async () => {
    // exceljs' streaming reader lost a part of the zip now and then (2 reads in 600 here, 10 at a time): a valid
    // file refused as "corrompido ou incompleto".
    const file = path.join(tmpdir(), `origem-import-${process.pid}.xlsx`);
    await writeFile(file, await xlsxOf([1, 2, 3].map((n) => ({ group: `G${n}`, deal: 'ACE-18' }))));
    const read = async () => {
      const groups: string[] = [];
      for await (const row of readImportRows(createReadStream(file), 'xlsx'))
        groups.push(row.cells.group ?? '');
      return groups.join(',');
    };
    for (let round = 0; round < 60; round += 1) {
      const results = await Promise.allSettled(Array.from({ length: 10 }, read));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      expect(new Set(results.map((r) => (r.status === 'fulfilled' ? r.value : '')))).toEqual(
        new Set(['G1,G2,G3']),
      );
    }
  }, 60_000);
});
