import type { LegalRepresentative } from '@origem/contract/schemas/legal-representatives';
import { vi } from 'vitest';
import { jsonResponse, onePage } from '../../test-utils';

export const cafe = { id: 4, name: 'Café Santista Exportadora Ltda.' };

export function representative(
  id: number,
  name: string,
  overrides: Partial<LegalRepresentative> = {},
): LegalRepresentative {
  return {
    id,
    exporter_id: cafe.id,
    exporter: cafe,
    name,
    cpf: '52998224725',
    email: 'rafael.prado@cafesantista.origem.local',
    phone: '13998765432',
    job_position_id: 2,
    job_position: { id: 2, name: 'Diretor' },
    procuration_valid_until: '2099-06-30',
    procuration_expired: false,
    has_procuration: true,
    procuration: {
      name: 'procuracao.pdf',
      mime_type: 'application/pdf',
      size: 2048,
      updated_at: '2026-01-01T00:00:00.000Z',
    },
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export type Call = { method: string; path: string; url: string; body: BodyInit | null | undefined };

/** What the type-ahead selects asked for (their URLs), in order. */
export const searches: string[] = [];

/**
 * Answers the screen's calls: `…/all` selects from `options`; a type-ahead's search of a path in `options` (e.g.
 * '/v1/exporter') with those rows whose name contains `name` (a page, uncounted), and `{path}/{id}` with the one
 * row; the rest from `handler`.
 */
export function stubApi(handler: (call: Call) => Response, options: Record<string, unknown[]> = {}) {
  const calls: Call[] = [];
  searches.length = 0;
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call = { method: init?.method ?? 'GET', path: url.split('?')[0] ?? url, url, body: init?.body };
    if (call.path.endsWith('/all')) return jsonResponse(200, { data: options[call.path] ?? [] });
    const searched = call.method === 'GET' ? options[call.path] : undefined;
    if (searched) {
      searches.push(url);
      const name = new URL(url, 'http://x').searchParams.get('name')?.toLowerCase() ?? '';
      const rows = (searched as { name: string }[]).filter((row) => row.name.toLowerCase().includes(name));
      return jsonResponse(200, onePage(rows, 20));
    }
    const item = /^(.*)\/(\d+)$/.exec(call.path);
    const owner = item && call.method === 'GET' ? options[item[1] ?? ''] : undefined;
    if (owner) {
      searches.push(url);
      return jsonResponse(
        200,
        (owner as { id: number }[]).find((row) => row.id === Number(item?.[2])),
      );
    }
    calls.push(call);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
