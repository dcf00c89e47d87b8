import type { CertificateImportDetail } from '@origem/contract/schemas/certificate-imports';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, onePage, renderInApp, storeSession } from '../../test-utils';
import { CertificateImportsPage, importFileProblem } from './certificate-imports-page';

// A whole antd screen renders slowly under jsdom on a busy machine.
configure({ asyncUtilTimeout: 8000 });

const withErrors: CertificateImportDetail = {
  id: 7,
  status: 'COM_ERROS',
  file_name: 'itens.xlsx',
  file_format: 'xlsx',
  user: { id: 5, name: 'Exportador Demo' },
  exporter: { id: 1, name: 'Café Santista Exportadora Ltda.' },
  rows_total: 3,
  rows_done: 3,
  groups_total: 2,
  groups_valid: 1,
  error_count: 1,
  created_count: 0,
  skipped_count: 0,
  only_valid: false,
  same_file_as: null,
  message: null,
  created_at: '2026-03-05T12:00:00.000Z',
  finished_at: '2026-03-05T12:00:05.000Z',
  drafts: [],
  errors: [{ row: 4, column: 'NCM', message: 'O NCM deve ter 8 dígitos.' }],
  preview: [
    {
      group: 'A',
      exporter: 'Café Santista Exportadora Ltda.',
      deal: 'ACE-18',
      importer: 'Importadora Rioplatense S.A.',
      invoice_number: 'FAT-A',
      invoice_date: '2026-03-01',
      rows: [2, 3],
      items: 2,
      valid: true,
    },
  ],
  created: [],
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('importFileProblem', () => {
  it('takes an XLSX or a CSV up to 20 MB, nothing else', () => {
    expect(importFileProblem({ name: 'a.xlsx', size: 10 })).toBeNull();
    expect(importFileProblem({ name: 'a.CSV', size: 10 })).toBeNull();
    expect(importFileProblem({ name: 'a.pdf', size: 10 })).toMatch(/\.xlsx/);
    expect(importFileProblem({ name: 'a.csv', size: 0 })).toBe('O arquivo está vazio.');
  });
});

describe('CertificateImportsPage', { timeout: 45_000 }, () => {
  it('shows the report (row, column, message; preview) and imports only the valid rows when asked', async () => {
    storeSession(makeUser('exportador'));
    const confirmed: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) => {
        const path = String(input).split('?')[0] ?? '';
        if (init?.method === 'POST' && path === '/v1/certificate_import/7/confirm') {
          confirmed.push(JSON.parse(String(init.body)));
          return jsonResponse(200, { ...withErrors, status: 'IMPORTANDO', rows_done: 0 });
        }
        if (path === '/v1/certificate_import/7') return jsonResponse(200, withErrors);
        if (path === '/v1/certificate_import') return jsonResponse(200, onePage([withErrors]));
        return jsonResponse(404, { message: 'x' });
      }),
    );
    renderInApp(<CertificateImportsPage />, '/certificados/importar?importacao=7');
    const errors = await screen.findByRole('region', { name: 'Erros encontrados' });
    expect(within(errors).getByText('O NCM deve ter 8 dígitos.')).toBeTruthy();
    expect(within(errors).getByText('NCM')).toBeTruthy();
    const preview = screen.getByRole('region', { name: 'Certificados que serão criados' });
    expect(within(preview).getByText('2 a 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Importar \d+ certificado/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Importar só as linhas válidas' }));
    await waitFor(() => expect(confirmed).toEqual([{ only_valid: true }]));
    expect(await screen.findByText(/Criando os rascunhos: 0 de 3 linhas/)).toBeTruthy();
  });
});
