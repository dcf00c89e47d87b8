import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUNDLED_NCM_CSV } from '../../db/seed/ncm';
import { readClassificationList } from './classification-csv';
import { capErrors, decodeCsv, detectSeparator, parseCsv } from './csv';
import { readNcmTable } from './ncm-table';

describe('decodeCsv', () => {
  it('reads UTF-8 with or without a BOM', () => {
    const text = 'ncm;codigo;descricao\n01012100;01012100;Reprodutores de raça pura\n';
    expect(decodeCsv(Buffer.from(text, 'utf8'))).toBe(text);
    expect(decodeCsv(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]))).toBe(text);
  });

  it('falls back to Windows-1252 for files Excel saved as "CSV (separado por vírgulas)"', () => {
    const latin = Buffer.from('descricao\nReprodutores de ra\xe7a pura, \xe9guas\n', 'latin1');
    expect(decodeCsv(latin)).toBe('descricao\nReprodutores de raça pura, éguas\n');
  });
});

describe('parseCsv', () => {
  it('detects the separator from the first line', () => {
    expect(detectSeparator('ncm;codigo;descricao\n1,2,3,4')).toBe(';');
    expect(detectSeparator('"a;b",c,d\n')).toBe(',');
    expect(detectSeparator('ncm,codigo,descricao')).toBe(',');
  });

  it('handles quotes, escaped quotes, CRLF, blank lines and fields spanning lines, keeping line numbers', () => {
    const text = 'a;b;c\r\n"1;x";"dito ""assim""";3\r\n\r\n;;\n4;"várias\nlinhas";5\n6;7;8';
    const { records, errors, separator } = parseCsv(text);
    expect(separator).toBe(';');
    expect(errors).toEqual([]);
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['1;x', 'dito "assim"', '3'] },
      { line: 5, fields: ['4', 'várias\nlinhas', '5'] },
      { line: 7, fields: ['6', '7', '8'] },
    ]);
  });

  it('reports a quote left open with the line where its record starts', () => {
    const { errors } = parseCsv('a,b\n1,2\n3,"aberta\n4,5\n');
    expect(errors).toEqual(['Linha 3: aspas abertas e não fechadas.']);
  });

  it('caps long error lists with a summary line', () => {
    const many = Array.from({ length: 130 }, (_, i) => `Linha ${i + 2}: erro`);
    const capped = capErrors(many);
    expect(capped).toHaveLength(101);
    expect(capped.at(-1)).toBe('… e mais 30 erro(s) não listado(s).');
  });
});

describe('readNcmTable', () => {
  const header = '"codigo","codigoPai","descricao","nivel","ehFolha"';

  it('reads the bundled table whole: 14,569 codes, no problem', () => {
    const { rows, errors } = readNcmTable(decodeCsv(readFileSync(BUNDLED_NCM_CSV)));
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(14_569);
    expect(rows.find((r) => r.code === '84089090')).toEqual({
      code: '84089090',
      parent_code: '840890',
      main_parent: '84',
      description: 'Outros',
      level: 4,
      leaf: true,
    });
  });

  it('accepts masked codes and stores digits only', () => {
    const text = `${header}\n"01",,"Animais vivos",1,false\n"0101","01","Cavalos",2,false\n"0101.21.00","0101","Reprodutores",3,true\n`;
    const { rows, errors } = readNcmTable(text);
    expect(errors).toEqual([]);
    expect(rows.map((r) => [r.code, r.parent_code, r.main_parent])).toEqual([
      ['01', null, '01'],
      ['0101', '01', '01'],
      ['01012100', '0101', '01'],
    ]);
  });

  it('gathers every problem with its line number, in line order', () => {
    const text = [
      header,
      '"01",,"Animais vivos",1,false',
      '"0101.2x","01","Código ruim",2,false',
      '"0101","01","Cavalos",2,false',
      '"0101","01","Cavalos de novo",2,false',
      '"01012100","01012","Pai inexistente",3,true',
      '"01013000","0201","Pai de outro capítulo",3,true',
      '"01019000","01","",3,talvez',
      '"0102",,"Sem pai",2,false',
      '"0103","01","Bovinos",x,false',
      '"0104","01"',
    ].join('\n');
    const { rows, errors } = readNcmTable(text);
    expect(rows).toEqual([]);
    expect(errors).toEqual([
      'Linha 3: código NCM inválido "0101.2x".',
      'Linha 5: código NCM 0101 repetido (já informado na linha 4).',
      'Linha 6: o código pai 0101.2 não existe no arquivo.',
      'Linha 7: o código pai 0201 não é um nível acima de 0101.30.00.',
      'Linha 8: descrição vazia.',
      'Linha 8: valor inválido "talvez" na coluna ehFolha (use true ou false).',
      'Linha 9: informe o código pai de 0102 (só capítulos, com 2 dígitos, não têm pai).',
      'Linha 10: nível inválido "x" (use um número de 1 a 9).',
      'Linha 11: esperadas 5 colunas, encontradas 2.',
    ]);
  });

  it('refuses a file without the header, or with no data', () => {
    expect(readNcmTable('"01",,"Animais vivos",1,false\n').errors).toEqual([
      'Linha 1: cabeçalho inválido. A primeira linha deve ser "codigo,codigoPai,descricao,nivel,ehFolha".',
    ]);
    expect(readNcmTable(`${header}\n`).errors).toEqual(['O arquivo não tem linhas de dados.']);
  });
});

describe('readClassificationList', () => {
  const known = new Set(['01012100', '01012900', '84089090']);
  const exists = (code: string) => known.has(code);

  it('reads `;` or `,` files, masked NCMs, and a description with unquoted commas', () => {
    const semicolon = readClassificationList(
      'ncm;codigo;descricao\n0101.21.00;01012100;Reprodutores de raça pura\n',
      'NALADI/SH 96',
      exists,
    );
    expect(semicolon).toEqual({
      errors: [],
      items: [{ line: 2, ncm_code: '01012100', code: '01012100', description: 'Reprodutores de raça pura' }],
    });
    const comma = readClassificationList(
      'NCM,Código,Descrição\n84089090,840890,Outros motores, diesel ou semidiesel\n',
      'SH 2022',
      exists,
    );
    expect(comma.errors).toEqual([]);
    expect(comma.items[0]).toMatchObject({
      code: '840890',
      description: 'Outros motores, diesel ou semidiesel',
    });
  });

  it('gathers every problem with its line number, naming both lines of a repeated NCM', () => {
    const text = [
      'ncm;codigo;descricao',
      '01012100;01012100;Reprodutores',
      '0101.2x;01012100;NCM com letra',
      '99999999;01012900;NCM fora da tabela',
      '01012900;0101290;Código curto',
      '84089090;84089090;',
      '01012100;01012100;Repetido',
      '01012900',
    ].join('\n');
    const { items, errors } = readClassificationList(text, 'NALADI/SH 96', exists);
    expect(items).toEqual([]);
    expect(errors).toEqual([
      'Linha 3: NCM inválido "0101.2x" (informe 8 dígitos).',
      'Linha 4: o NCM 9999.99.99 não existe na tabela NCM.',
      'Linha 5: código NALADI/SH 96 inválido "0101290" (informe 8 dígitos).',
      'Linha 6: descrição vazia.',
      'Linha 7: NCM 0101.21.00 repetido (já informado na linha 2).',
      'Linha 8: esperadas 3 colunas, encontradas 1.',
    ]);
  });

  it('checks codes by the list type (SH: 6 digits)', () => {
    const { errors } = readClassificationList(
      'ncm;codigo;descricao\n01012100;01012100;X\n',
      'SH 2017',
      exists,
    );
    expect(errors).toEqual(['Linha 2: código SH 2017 inválido "01012100" (informe 6 dígitos).']);
  });

  it('reports a missing header and still checks the data lines', () => {
    const { errors } = readClassificationList(
      '01012100;01012100;Ok\n0101;0101;Curto\n',
      'NALADI/SH 96',
      exists,
    );
    expect(errors).toEqual([
      'Linha 1: cabeçalho inválido. A primeira linha deve ser "ncm;codigo;descricao".',
      'Linha 2: NCM inválido "0101" (informe 8 dígitos).',
      'Linha 2: código NALADI/SH 96 inválido "0101" (informe 8 dígitos).',
    ]);
  });

  it('refuses a file with only the header', () => {
    expect(readClassificationList('ncm;codigo;descricao\n\n', 'SH 2012', exists).errors).toEqual([
      'O arquivo não tem linhas de dados.',
    ]);
  });
});
