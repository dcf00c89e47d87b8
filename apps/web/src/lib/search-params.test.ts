import { userSearchQuery } from '@origem/contract/schemas/users';
import { describe, expect, it } from 'vitest';
import { lenientSearch, parseSearchParams, routeSearch, stringifySearchParams } from './search-params';

describe('search params', () => {
  it('reads every value as a string (a CPF stays a CPF)', () => {
    expect(parseSearchParams('?page=2&cpf=01234567890&name=Ana%20Maria')).toEqual({
      page: '2',
      cpf: '01234567890',
      name: 'Ana Maria',
    });
    expect(parseSearchParams('?id=1&id=2')).toEqual({ id: ['1', '2'] });
  });

  it('writes short URLs without blank values', () => {
    expect(stringifySearchParams({ page: 2, name: 'Ana', cpf: '', role_id: undefined })).toBe(
      '?page=2&name=Ana',
    );
    expect(stringifySearchParams({})).toBe('');
  });

  it('validates with the route schema, dropping only the bad parameters', () => {
    const validate = lenientSearch(userSearchQuery);
    expect(validate({ page: '3', name: 'ana', role_id: '2' })).toEqual({ page: 3, name: 'ana', role_id: 2 });
    expect(validate({ page: 'x', role_id: 'abc', email: 'a@b.c' })).toEqual({ page: 1, email: 'a@b.c' });
  });

  it('keeps route search to what the address carries (no page=1 written into links)', () => {
    const validate = routeSearch(userSearchQuery);
    expect(validate({})).toEqual({});
    expect(validate({ page: '2', name: '', role_id: 'x' })).toEqual({ page: 2 });
  });
});
