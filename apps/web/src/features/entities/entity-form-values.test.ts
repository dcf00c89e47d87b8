import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { associationDefaults, associationFormSchema, feeRows, logoFailureText } from './entity-form-values';
import { toFormData } from './form-data';

const deals = [
  { id: 3, abbreviation: 'ACE-18', name: 'Mercosul', active: true },
  { id: 1, abbreviation: 'ACE-2', name: 'Uruguai', active: true },
  { id: 2, abbreviation: 'ACE-14', name: 'Argentina', active: true },
  { id: 9, abbreviation: 'ACE-99', name: 'Inativo', active: false },
];

describe('feeRows', () => {
  it('lists every active deal in natural order, with the fees already set, even for a deal no longer listed', () => {
    const rows = feeRows(deals, [
      {
        deal_id: 2,
        deal_abbreviation: 'ACE-14',
        deal_name: 'Argentina',
        member_fee: '38.00',
        non_member_fee: '76.50',
      },
      {
        deal_id: 7,
        deal_abbreviation: 'SGP',
        deal_name: 'SGP',
        member_fee: '30.00',
        non_member_fee: '60.00',
      },
    ]);
    expect(rows.map((r) => [r.deal_abbreviation, r.member_fee, r.non_member_fee])).toEqual([
      ['ACE-2', '', ''],
      ['ACE-14', '38,00', '76,50'],
      ['ACE-18', '', ''],
      ['SGP', '30,00', '60,00'],
    ]);
  });
});

describe('associationFormSchema', () => {
  const base = (fees: ReturnType<typeof feeRows>) => ({
    ...associationDefaults(undefined, fees),
    name: 'Associação Comercial de Teste',
    ehid: 'act',
    federation_id: 1,
  });

  it('sends only the deals with both fees, and the EHId in capitals', async () => {
    const rows = feeRows(deals, []);
    rows[0] = { ...rows[0], member_fee: '38', non_member_fee: '1.076,5' } as (typeof rows)[number];
    const parsed = await associationFormSchema.parseAsync(base(rows));
    expect(parsed.ehid).toBe('ACT');
    expect(parsed.fees).toEqual([{ deal_id: 1, member_fee: 38, non_member_fee: 1076.5 }]);
  });

  it('reads the fees pt-BR and refuses an ambiguous one instead of guessing', async () => {
    const rows = feeRows(deals, []).map((row, index) =>
      index === 0 ? { ...row, member_fee: '1.5', non_member_fee: '2,50' } : row,
    );
    const result = await associationFormSchema.safeParseAsync(base(rows));
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['fees.0.member_fee', 'Use vírgula para os decimais e ponto para os milhares (ex.: 1.234,56).'],
    ]);
  });

  it('asks for the missing fee of a half-filled row and refuses a member fee above the non-member one', async () => {
    const rows = feeRows(deals, []).map((row, index) =>
      index === 0
        ? { ...row, member_fee: '10' }
        : index === 1
          ? { ...row, member_fee: '91', non_member_fee: '90' }
          : row,
    );
    const result = await associationFormSchema.safeParseAsync(base(rows));
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['fees.0.non_member_fee', 'Campo obrigatório.'],
      ['fees.1.member_fee', 'A taxa de associado não pode ser maior que a de não associado.'],
    ]);
  });

  it('refuses a file that is not an image by its bytes, whatever its name', async () => {
    const exe = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00])], 'logo.png', { type: 'image/png' });
    const result = await associationFormSchema.safeParseAsync({ ...base([]), logo: exe });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['logo', 'Tipo de arquivo não aceito. Envie um arquivo PNG, JPEG ou SVG.'],
    ]);
  });
});

describe('toFormData', () => {
  it('writes blanks for null, JSON for the fee table and the file under its field', () => {
    const logo = new File(['x'], 'logo.png', { type: 'image/png' });
    const body = toFormData({ name: 'A', cnpj: null, fees: [{ deal_id: 1 }], remove_logo: false }, { logo });
    expect(body.get('name')).toBe('A');
    expect(body.get('cnpj')).toBe('');
    expect(body.get('fees')).toBe('[{"deal_id":1}]');
    expect(body.get('remove_logo')).toBe('false');
    expect((body.get('logo') as File).name).toBe('logo.png');
  });
});

describe('logoFailureText', () => {
  it("gives the server's reason, else the SPEC §8 text", () => {
    expect(logoFailureText(new ApiError({ status: 0, code: 'NetworkError', message: 'x' }))).toBe(
      'Não foi possível efetuar o UPLOAD da logo !!!',
    );
    expect(
      logoFailureText(
        new ApiError({
          status: 422,
          code: 'ValidationError',
          message: 'm',
          errors: { file: ['Tipo não aceito.'] },
        }),
      ),
    ).toBe('Tipo não aceito.');
    expect(
      logoFailureText(new ApiError({ status: 413, code: 'ValidationError', message: 'Grande demais.' })),
    ).toBe('Grande demais.');
  });
});
