import { pageQuery, TOTAL_CAP } from '@origem/contract/paging';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../app/query-client';
import { jsonResponse, makeUser, storeSession, stubFetch } from '../test-utils';
import { DataTable } from '../ui/data-table';
import { formatRange, formatTotal } from '../ui/format';
import { useLocalList } from '../ui/use-list-search';
import { useServerTable } from '../ui/use-server-table';
import { fetchPage, normalizePage } from './paging';

afterEach(() => {
  vi.unstubAllGlobals();
});

type Row = { id: number; name: string };
const rows = (from: number, n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: from + i, name: `Pessoa ${from + i}` }));

describe('normalizePage', () => {
  it('reads total_capped (the server stopped counting) and defaults it to false', () => {
    const capped = normalizePage({
      data: [],
      current_page: 1,
      per_page: 15,
      total: TOTAL_CAP,
      last_page: 667,
      total_capped: true,
    });
    expect(capped).toMatchObject({ total: 10_000, lastPage: 667, totalCapped: true });
    expect(normalizePage({ data: [], total: 3 }).totalCapped).toBe(false);
    expect(normalizePage({ data: [], meta: { total: 10_000, total_capped: true } }).totalCapped).toBe(true);
  });
});

describe('formatTotal / formatRange', () => {
  it("shows a capped total as '10.000+'", () => {
    expect(formatTotal(10_000, true)).toBe('10.000+');
    expect(formatTotal(5432)).toBe('5.432');
    expect(formatRange(16, 30, 10_000, true)).toBe('16–30 de 10.000+');
    expect(formatRange(1, 10, 5432)).toBe('1–10 de 5.432');
  });
});

describe('fetchPage: keyset paging', () => {
  it('asks for the next page after the last row read, and for any other page by its number', async () => {
    storeSession(makeUser('admin'));
    const page = (data: Row[], current: number) =>
      jsonResponse(200, {
        data,
        current_page: current,
        per_page: 2,
        total: 9,
        last_page: 5,
        total_capped: false,
      });
    const fetchMock = stubFetch(
      page(rows(1, 2), 1),
      page(rows(3, 2), 2),
      page(rows(5, 2), 3),
      page(rows(1, 2), 1),
      page(rows(9, 1), 5),
      page(rows(3, 2), 2),
    );
    await fetchPage('/v1/exporter', { name: 'ana', page: 1 });
    await fetchPage('/v1/exporter', { name: 'ana', page: 2 });
    await fetchPage('/v1/exporter', { name: 'ana', page: 3 });
    // Another filter is another list: no anchor from the first.
    await fetchPage('/v1/exporter', { name: 'bia', page: 1 });
    // A jump (page 5 right after page 1 of 'bia') has no anchor either.
    await fetchPage('/v1/exporter', { name: 'bia', page: 5 });
    // Back on the first list, page 2 again: still after page 1's last row.
    await fetchPage('/v1/exporter', { page: 2, name: 'ana' });
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual([
      '/v1/exporter?name=ana&page=1',
      '/v1/exporter?name=ana&page=2&after=2',
      '/v1/exporter?name=ana&page=3&after=4',
      '/v1/exporter?name=bia&page=1',
      '/v1/exporter?name=bia&page=5',
      '/v1/exporter?page=2&name=ana&after=2',
    ]);
  });
});

function PeopleTable() {
  const list = useLocalList(pageQuery);
  const table = useServerTable<Row>({ queryKey: ['test-capped'], path: '/v1/audit', list });
  return (
    <DataTable table={table} label="Lista" rowKey="id" columns={[{ title: 'Nome', dataIndex: 'name' }]} />
  );
}

describe('DataTable with a capped total', () => {
  it("shows '1–15 de 10.000+' and pages within the cap", async () => {
    storeSession(makeUser('admin'));
    const capped = (data: Row[], current: number) =>
      jsonResponse(200, {
        data,
        current_page: current,
        per_page: 15,
        total: TOTAL_CAP,
        last_page: Math.ceil(TOTAL_CAP / 15),
        total_capped: true,
      });
    const fetchMock = stubFetch(capped(rows(1, 15), 1), capped(rows(16, 15), 2));
    render(
      <App>
        <QueryClientProvider client={createQueryClient()}>
          <PeopleTable />
        </QueryClientProvider>
      </App>,
    );
    expect(await screen.findByText('1–15 de 10.000+')).toBeTruthy();
    // The last page offered is the cap's, 667.
    expect(screen.getByTitle('667')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('16–30 de 10.000+')).toBeTruthy();
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/v1/audit?page=2&after=15');
  });
});
