import type { DashboardActivity } from '@origem/contract/schemas/dashboard';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { jsonResponse, makeUser, storeSession, stubFetch } from '../../test-utils';
import { RecentActivity } from './dashboard';

afterEach(() => {
  vi.unstubAllGlobals();
});

const entry = (id: number, values: Partial<DashboardActivity>): DashboardActivity => ({
  id,
  created_at: '2026-03-10T15:04:05Z',
  user: 'Pessoa Exportador',
  event: 'Criado',
  auditable_type: 'Certificado de origem',
  auditable_id: 12,
  record_type: 'certificate',
  ...values,
});

describe('the dashboard’s recent activity', () => {
  it('shows the work, each entry linked to its record', async () => {
    storeSession(makeUser('exportador'));
    const fetchMock = stubFetch(
      jsonResponse(200, {
        data: [
          entry(3, { event: 'Enviar para análise' }),
          entry(2, {
            event: 'Criado',
            auditable_type: 'Declaração de origem',
            record_type: 'declaration',
            auditable_id: 5,
          }),
          entry(1, { event: 'Alterado', auditable_type: 'Moeda', record_type: 'currency', auditable_id: 2 }),
        ],
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <App>
          <RecentActivity />
        </App>
      </QueryClientProvider>,
    );
    const certificate = await screen.findByRole('link', { name: 'Certificado de origem nº 12' });
    expect(certificate.getAttribute('href')).toBe('/certificado-consulta/12');
    expect(screen.getByRole('link', { name: 'Declaração de origem nº 5' }).getAttribute('href')).toBe(
      '/declaracao-consulta/5',
    );
    // A record without a screen of its own is named, not linked.
    expect(screen.getByText(/Moeda nº 2/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Moeda/ })).toBeNull();
    const list = certificate.closest('ul') as HTMLElement;
    expect(within(list).getByText(/Enviar para análise/)).toBeTruthy();
    expect(within(list).queryByText(/Login|Logout/)).toBeNull();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/v1/dashboard/recent_activity');
  });

  it('names, without a link, a record whose screen the user may not open', async () => {
    storeSession(makeUser('federacao'));
    stubFetch(
      jsonResponse(200, {
        data: [
          entry(2, { event: 'Alterado', auditable_type: 'Perfil', record_type: 'role', auditable_id: 9 }),
          entry(1, { event: 'Criado' }),
        ],
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <App>
          <RecentActivity />
        </App>
      </QueryClientProvider>,
    );
    expect(
      (await screen.findByRole('link', { name: 'Certificado de origem nº 12' })).getAttribute('href'),
    ).toBe('/certificado-consulta/12');
    expect(screen.getByText(/Perfil nº 9/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Perfil/ })).toBeNull();
  });
});
