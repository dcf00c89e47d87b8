import type { DispatcherLink } from '@origem/contract/schemas/dispatcher-links';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exporters } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { buildWorld, type LinkCalls, linkCalls, type World } from './test-support';

/** The three link lists (SPEC §7, §9): scope, filters, order and keyset pages, on a database of their own. */

let t: TestApp;
let w: World;
let call: LinkCalls['call'];
let dispatcherAsks: LinkCalls['dispatcherAsks'];
let exporterAsks: LinkCalls['exporterAsks'];
let created: LinkCalls['created'];
let endLink: LinkCalls['endLink'];
const LINK = '/v1/dispatcher_exporter_link';

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  ({ call, dispatcherAsks, exporterAsks, created, endLink } = linkCalls(t, w));
});
afterAll(() => t.close());

describe('lists', () => {
  it('exporter name, then dispatcher name (ICU order); each user sees its own scope; deleted ones on request', async () => {
    const ids = [
      (await created(await dispatcherAsks(w.cafe))).id,
      (await created(await exporterAsks(w.brisa))).id,
      (await created(await dispatcherAsks(w.acucar))).id,
      (await created(await exporterAsks(w.campinasDispatcher, 'campinas.exportador'))).id,
    ];
    const gone = (await created(await exporterAsks(w.brisa, 'acucar'))).id;
    await call('DELETE', `/v1/exporter_dispatcher/link/${gone}`, 'acucar');
    const names = async (url: string, who: string) => {
      const res = await call('GET', url, who);
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json<{ data: DispatcherLink[] }>()
        .data.map((l) => `${l.exporter.name} / ${l.dispatcher.name}`);
    };

    expect(await names(LINK, 'admin')).toEqual([
      // "Açúcar" sorts with the A's, before "Café", as a Brazilian reader expects.
      'Açúcar Paulista Exportadora S.A. / Porto Despachos Aduaneiros Ltda.',
      'Café Santista Exportadora Ltda. / Brisa Despachos Ltda.',
      'Café Santista Exportadora Ltda. / Porto Despachos Aduaneiros Ltda.',
      'Exportadora Campineira Ltda. / Despachos Campinas Ltda.',
    ]);
    expect(await names(LINK, 'analista')).toHaveLength(3);
    expect(await names(LINK, 'federacao')).toHaveLength(4);
    expect(await names(LINK, 'campinas.analista')).toEqual([
      'Exportadora Campineira Ltda. / Despachos Campinas Ltda.',
    ]);
    expect(await names('/v1/exporter_dispatcher/link', 'exportador')).toEqual([
      'Café Santista Exportadora Ltda. / Brisa Despachos Ltda.',
      'Café Santista Exportadora Ltda. / Porto Despachos Aduaneiros Ltda.',
    ]);
    expect(await names('/v1/dispatcher_exporter/link', 'despachante')).toEqual([
      'Açúcar Paulista Exportadora S.A. / Porto Despachos Aduaneiros Ltda.',
      'Café Santista Exportadora Ltda. / Porto Despachos Aduaneiros Ltda.',
    ]);
    expect((await call('GET', '/v1/dispatcher_exporter/link', 'fabricante')).statusCode).toBe(403);

    // The deleted request shows only when its status is asked for.
    expect(await names(`${LINK}?status=EXCLUIDO`, 'admin')).toContain(
      'Açúcar Paulista Exportadora S.A. / Brisa Despachos Ltda.',
    );
    expect(await names(`${LINK}?dispatcher_exporter_link_flow_id=EXCLUIDO`, 'admin')).toEqual(
      await names(`${LINK}?status=EXCLUIDO`, 'admin'),
    );
    // Filters: association, the other side's CNPJ (masked or not, any part), either side's in the combined list.
    expect(await names(`${LINK}?trade_association_id=${w.campinas}`, 'admin')).toHaveLength(1);
    const [cafe] = await t.db.select().from(exporters).where(eq(exporters.id, w.cafe));
    const cafeCnpj = cafe?.cnpj ?? '';
    const masked = cafeCnpj.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
    expect(await names(`${LINK}?cnpj=${encodeURIComponent(masked)}`, 'admin')).toHaveLength(2);
    expect(await names(`/v1/dispatcher_exporter/link?cnpj=${cafeCnpj.slice(2, 9)}`, 'despachante')).toEqual([
      'Café Santista Exportadora Ltda. / Porto Despachos Aduaneiros Ltda.',
    ]);
    // On the exporter's own list its CNPJ is not the other side's.
    expect(await names(`/v1/exporter_dispatcher/link?cnpj=${cafeCnpj}`, 'exportador')).toEqual([]);
    expect(await names(`${LINK}?status=SOLICITADO&cpf=00000000000`, 'admin')).toEqual([]);

    // Renaming a party moves its links in the order at once.
    await t.db.update(exporters).set({ name: 'Zebu Café Exportadora Ltda.' }).where(eq(exporters.id, w.cafe));
    expect((await names(LINK, 'admin')).at(-1)).toBe(
      'Zebu Café Exportadora Ltda. / Porto Despachos Aduaneiros Ltda.',
    );
    await t.db
      .update(exporters)
      .set({ name: 'Café Santista Exportadora Ltda.' })
      .where(eq(exporters.id, w.cafe));

    // Keyset pages: page 2 after the first page's last id gives the rest, in order.
    const first = (await call('GET', `${LINK}?per_page=2`, 'admin')).json<{
      data: DispatcherLink[];
      total: number;
    }>();
    expect(first.total).toBe(4);
    const last = first.data.at(-1)?.id;
    const second = (await call('GET', `${LINK}?per_page=2&page=2&after=${last}`, 'admin')).json<{
      data: DispatcherLink[];
    }>();
    expect([...first.data, ...second.data].map((l) => l.id)).toEqual(
      (await call('GET', LINK, 'admin')).json<{ data: DispatcherLink[] }>().data.map((l) => l.id),
    );

    // Rows carry what the reader may do with each.
    const rows = (await call('GET', '/v1/exporter_dispatcher/link', 'exportador')).json<{
      data: DispatcherLink[];
    }>();
    expect(rows.data.map((r) => r.actions)).toEqual([['remove'], ['approve', 'analysis', 'disapprove']]);

    for (const id of ids) await endLink(id);
  });

  it('the detail is 404 out of scope, 403 without the permission', async () => {
    const link = await created(await dispatcherAsks(w.cafe));
    for (const who of ['acucar', 'brisa', 'campinas.analista']) {
      expect((await call('GET', `${LINK}/${link.id}`, who)).statusCode, who).toBe(404);
    }
    // A role without link.view does not get that far.
    expect((await call('GET', `${LINK}/${link.id}`, 'fabricante')).statusCode).toBe(403);
    const detail = await call('GET', `${LINK}/${link.id}`, 'associacao');
    expect(detail.json().history).toMatchObject([{ action: 'create', to_status: 'SOLICITADO' }]);
    await endLink(link.id);
  });
});
