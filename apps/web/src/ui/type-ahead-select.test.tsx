import { requiredId } from '@origem/contract/schemas/fields';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse, makeUser, renderInApp, storeSession } from '../test-utils';
import { ApiForm, FormActions, FormField, useApiForm } from './form';
import { TypeAheadSelect, type TypeAheadSource } from './type-ahead-select';

type Exporter = { id: number; name: string };
const EXPORTERS: Exporter[] = [
  { id: 1, name: 'Café Santista Exportadora Ltda.' },
  { id: 2, name: 'Cerâmica Ipê Ltda.' },
  { id: 3, name: 'Soja do Cerrado S.A.' },
];

const source: TypeAheadSource<Exporter> = {
  path: '/v1/exporter',
  searchParam: 'name',
  query: { associated: true },
  toOption: (row) => ({ value: row.id, label: row.name }),
  detailPath: (id) => `/v1/exporter/${id}`,
};

/** The server: searches by name (20 at most, uncounted, more than 20 said by total_capped), and the detail. */
function stubServer(total = EXPORTERS.length) {
  const urls: string[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input);
    urls.push(url);
    const detail = /^\/v1\/exporter\/(\d+)$/.exec(url);
    if (detail)
      return jsonResponse(
        200,
        EXPORTERS.find((e) => e.id === Number(detail[1])),
      );
    const name = new URL(url, 'http://x').searchParams.get('name')?.toLowerCase() ?? '';
    const data = EXPORTERS.filter((e) => e.name.toLowerCase().includes(name));
    return jsonResponse(200, {
      data,
      current_page: 1,
      per_page: 20,
      total: data.length,
      last_page: 1,
      total_capped: total > 20,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return urls;
}

const schema = z.object({ exporter_id: requiredId });

function ExporterForm({
  initial,
  selected,
  onSubmit,
}: {
  initial?: number;
  selected?: { value: number; label: string };
  onSubmit: (values: z.output<typeof schema>) => void;
}) {
  const form = useApiForm({ schema, defaultValues: { exporter_id: initial }, onSubmit });
  return (
    <ApiForm form={form}>
      <FormField name="exporter_id" label="Exportador">
        <TypeAheadSelect<Exporter> {...source} selected={selected} />
      </FormField>
      <FormActions />
    </ApiForm>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TypeAheadSelect', () => {
  it('asks the server for what was typed (20, uncounted, with its fixed filters) and submits the id chosen', async () => {
    storeSession(makeUser('admin'));
    const urls = stubServer();
    const onSubmit = vi.fn();
    renderInApp(<ExporterForm onSubmit={onSubmit} />);
    const input = await screen.findByLabelText('Exportador');
    // Nothing is loaded before the select opens.
    expect(urls).toEqual([]);
    fireEvent.mouseDown(input);
    await waitFor(() =>
      expect(urls).toEqual(['/v1/exporter?associated=true&page=1&per_page=20&count=false']),
    );
    expect(await screen.findByTitle('Soja do Cerrado S.A.')).toBeTruthy();

    fireEvent.change(input, { target: { value: 'cer' } });
    // At once, before the search is sent: the answer to the empty search is no longer offered (a click then would
    // pick a record that may not match what was typed).
    expect(screen.queryByTitle('Soja do Cerrado S.A.')).toBeNull();
    expect(screen.getByText('Buscando…')).toBeTruthy();
    await waitFor(() =>
      expect(urls).toContain('/v1/exporter?associated=true&name=cer&page=1&per_page=20&count=false'),
    );
    // The server filtered: only its answer is offered (no filtering in the browser).
    await waitFor(() => expect(screen.queryByTitle('Café Santista Exportadora Ltda.')).toBeNull());
    fireEvent.click(await screen.findByTitle('Cerâmica Ipê Ltda.'));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ exporter_id: 2 });
  });

  it('names the current value: from the screen when it knows it, else read once by its id', async () => {
    storeSession(makeUser('admin'));
    const urls = stubServer();
    renderInApp(
      <ExporterForm initial={3} selected={{ value: 3, label: 'Soja do Cerrado S.A.' }} onSubmit={() => {}} />,
    );
    expect(await screen.findByTitle('Soja do Cerrado S.A.')).toBeTruthy();
    expect(urls).toEqual([]);
  });

  it('reads a value it cannot name from the detail path', async () => {
    storeSession(makeUser('admin'));
    const urls = stubServer();
    renderInApp(<ExporterForm initial={1} onSubmit={() => {}} />);
    expect(await screen.findByTitle('Café Santista Exportadora Ltda.')).toBeTruthy();
    expect(urls).toEqual(['/v1/exporter/1']);
  });

  it('says when more records match than it shows', async () => {
    storeSession(makeUser('admin'));
    stubServer(500);
    renderInApp(<ExporterForm onSubmit={() => {}} />);
    fireEvent.mouseDown(await screen.findByLabelText('Exportador'));
    expect(await screen.findByText('Mostrando os 20 primeiros: digite mais para refinar.')).toBeTruthy();
  });
});
