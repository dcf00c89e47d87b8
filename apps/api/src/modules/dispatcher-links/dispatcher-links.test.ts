import { dispatcherLinkFlow } from '@origem/contract/flows';
import {
  type DispatcherLinkAnswer,
  dispatcherLinkMessages as text,
} from '@origem/contract/schemas/dispatcher-links';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatcherExporterLinks, exporters, flowSteps, users } from '../../db/schema';
import { createMailTestApp, type TestApp } from '../../test/app';
import { mailText, type SmtpListener } from '../../test/smtp';
import {
  buildWorld,
  expectNothingChanged,
  insertParty,
  type LinkCalls,
  linkCalls,
  type World,
} from './test-support';

/**
 * SPEC §7 "Dispatcher-exporter links" and DOMAIN.md §6: each action by each party, refused (with nothing changed)
 * for everyone else; one active link per pair; the lists' scope, filters and order; audit rows and the mails the
 * other side receives through a real SMTP listener.
 */

let t: TestApp;
let w: World;
let smtp: SmtpListener;

beforeAll(async () => {
  ({ t, smtp } = await createMailTestApp());
  w = await buildWorld(t);
  ({ call, dispatcherAsks, exporterAsks, created, stored, endLink, auditTrail } = linkCalls(t, w));
});
afterAll(() => t.close());

const LINK = '/v1/dispatcher_exporter_link';
let call: LinkCalls['call'];
let dispatcherAsks: LinkCalls['dispatcherAsks'];
let exporterAsks: LinkCalls['exporterAsks'];
let created: LinkCalls['created'];
let stored: LinkCalls['stored'];
let endLink: LinkCalls['endLink'];
let auditTrail: LinkCalls['auditTrail'];

const PHRASES = {
  requested: 'solicitou no Origem um vínculo',
  approved: 'aprovou o vínculo',
  disapproved: 'reprovou a solicitação de vínculo',
  deletion: 'solicitou a exclusão do vínculo',
} as const;

/**
 * The mails of one kind about one link that the listener received for `to`. The routes deliver in the background,
 * so the queue is run here too (a delivery already under way is waited for by polling).
 */
async function mailsTo(to: string, linkId: number, kind: keyof typeof PHRASES) {
  const matching = () =>
    smtp.mails.filter((m) => {
      const body = mailText(m.raw);
      return (
        m.to.includes(to) &&
        body.includes(PHRASES[kind]) &&
        new RegExp(`/vinculo/analise-vinculo/${linkId}(?!\\d)`).test(body)
      );
    });
  for (let attempt = 0; attempt < 20 && matching().length === 0; attempt += 1) {
    await t.app.mail.flush();
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return matching();
}

describe('requesting', () => {
  it('the dispatcher asks an exporter of its association: SOLICITADO, history, audit, and the exporter is mailed', async () => {
    const res = await dispatcherAsks(w.cafe);
    expect(res.json().message).toBe('Solicitação de vínculo com exportador realizado com sucesso!');
    const link = await created(res);
    expect(link).toMatchObject({
      status: 'SOLICITADO',
      exporter: { id: w.cafe, name: 'Café Santista Exportadora Ltda.' },
      dispatcher: { id: w.porto, name: 'Porto Despachos Aduaneiros Ltda.' },
      trade_association: { id: w.santos },
      requested_by: 'dispatcher',
      requested_by_user: { name: expect.any(String) },
      deletion_requested_by: null,
      approved_at: null,
      // The requester may only withdraw it.
      actions: ['remove'],
    });
    expect(await auditTrail(link.id)).toEqual(['created']);
    const steps = await t.db.select().from(flowSteps).where(eq(flowSteps.record_id, link.id));
    expect(steps.filter((s) => s.flow === dispatcherLinkFlow.name)).toMatchObject([
      { action: 'create', from_status: null, to_status: 'SOLICITADO' },
    ]);

    // The exporter's user and the exporter's own address hear of it; the dispatcher does not.
    const toUser = await mailsTo('exportador@origem.local', link.id, 'requested');
    expect(toUser).toHaveLength(1);
    const body = mailText(toUser[0]?.raw ?? '');
    expect(body).toContain('Porto Despachos Aduaneiros Ltda.');
    expect(body).toContain(`http://origem.test/vinculo/analise-vinculo/${link.id}`);
    expect(await mailsTo('comex@cafesantista.origem.local', link.id, 'requested')).toHaveLength(1);
    expect(await mailsTo('despachante@origem.local', link.id, 'requested')).toHaveLength(0);

    // The exporter sees what it may do: decide or send to the association.
    const seen = await call('GET', `${LINK}/${link.id}`, 'exportador');
    expect(seen.json().actions).toEqual(['approve', 'analysis', 'disapprove']);
    await endLink(link.id);
  });

  it('the exporter asks a dispatcher with its own text; the dispatcher is mailed', async () => {
    const res = await exporterAsks(w.brisa, 'acucar');
    expect(res.json().message).toBe('Solicitação de vínculo com despachante realizado com sucesso!');
    const link = await created(res);
    expect(link).toMatchObject({ requested_by: 'exporter', exporter_id: w.acucar, dispatcher_id: w.brisa });
    expect(await mailsTo('brisa@origem.local', link.id, 'requested')).toHaveLength(1);
    expect(await mailsTo('acucar@origem.local', link.id, 'requested')).toHaveLength(0);
    await endLink(link.id);
  });

  it('one active link per pair: a second request (by either side or the association) is 409 and changes nothing', async () => {
    const link = await created(await dispatcherAsks(w.acucar));
    for (const attempt of [
      () => dispatcherAsks(w.acucar),
      () => exporterAsks(w.porto, 'acucar'),
      () =>
        call('POST', `/v1/dispatcher_exporter/exporter/${w.acucar}/dispatcher/${w.porto}/link`, 'associacao'),
    ]) {
      const res = await expectNothingChanged(t, attempt);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(text.alreadyLinked);
    }
    // Disapproved, the pair is free again.
    expect((await call('PUT', `${LINK}/${link.id}/disapproval`, 'acucar')).statusCode).toBe(200);
    const again = await created(await exporterAsks(w.porto, 'acucar'));
    await endLink(again.id);
  });

  it('a request sent again with the same Idempotency-Key gets the first answer and creates nothing', async () => {
    const send = () =>
      t.request('POST', `/v1/dispatcher_exporter/exporter/${w.acucar}/link`, {
        token: w.tok.despachante,
        body: {},
        headers: { 'idempotency-key': `vinculo-${w.acucar}-${w.porto}` },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    const again = await expectNothingChanged(t, send);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    await endLink(first.json<DispatcherLinkAnswer>().dispatcher_exporter_link.id);
    // Ended, it cannot be deleted again.
    const ended = await expectNothingChanged(t, () =>
      call('DELETE', `${LINK}/${first.json<DispatcherLinkAnswer>().dispatcher_exporter_link.id}`, 'admin'),
    );
    expect(ended.statusCode).toBe(422);
    expect(ended.json().message).toBe(text.alreadyEnded('Excluído'));
  });

  it('two requests for one pair at once: one is created, the other is 409', async () => {
    const answers = await Promise.all([dispatcherAsks(w.acucar, 'brisa'), exporterAsks(w.brisa, 'acucar')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.db
      .select()
      .from(dispatcherExporterLinks)
      .where(
        and(
          eq(dispatcherExporterLinks.exporter_id, w.acucar),
          eq(dispatcherExporterLinks.dispatcher_id, w.brisa),
        ),
      );
    const active = rows.filter((r) => r.status === 'SOLICITADO');
    expect(active).toHaveLength(1);
    await endLink(active[0]?.id ?? 0);
  });

  it('refuses counterparts outside the association, missing or deleted ones, and the wrong side', async () => {
    const deleted = await insertParty(t, 'exporter', 'Exportadora Encerrada Ltda.', w.santos);
    await t.db.update(exporters).set({ deleted_at: new Date() }).where(eq(exporters.id, deleted));
    for (const [attempt, status] of [
      [() => dispatcherAsks(w.campinasExporter), 404],
      [() => dispatcherAsks(999_999), 404],
      [() => dispatcherAsks(deleted), 404],
      [() => exporterAsks(w.campinasDispatcher), 404],
      // An exporter on the dispatcher's call, a dispatcher on the exporter's, staff on either.
      [() => dispatcherAsks(w.cafe, 'exportador'), 403],
      [() => exporterAsks(w.porto, 'despachante'), 403],
      [() => dispatcherAsks(w.cafe, 'associacao'), 403],
      // Roles without link.request.
      [() => dispatcherAsks(w.cafe, 'federacao'), 403],
      [() => dispatcherAsks(w.cafe, 'fabricante'), 403],
    ] as const) {
      const res = await expectNothingChanged(t, attempt);
      expect(res.statusCode, res.body).toBe(status);
    }
  });

  it('the pair call: a side only for itself; the association for a pair it reaches, of one association', async () => {
    const pair = (e: number, d: number, who: string) =>
      call('POST', `/v1/dispatcher_exporter/exporter/${e}/dispatcher/${d}/link`, who);
    for (const [attempt, status] of [
      [() => pair(w.acucar, w.porto, 'exportador'), 404],
      [() => pair(w.cafe, w.brisa, 'despachante'), 404],
      [() => pair(w.campinasExporter, w.campinasDispatcher, 'associacao'), 404],
      [() => pair(w.cafe, w.campinasDispatcher, 'admin'), 422],
      [() => pair(w.cafe, w.porto, 'federacao'), 403],
    ] as const) {
      const res = await expectNothingChanged(t, attempt);
      expect(res.statusCode, res.body).toBe(status);
    }

    const res = await pair(w.cafe, w.brisa, 'associacao');
    expect(res.json().message).toBe(text.requestedByAssociation);
    const link = await created(res);
    expect(link.requested_by).toBe('association');
    // Both sides hear of it, and either may decide.
    expect(await mailsTo('exportador@origem.local', link.id, 'requested')).toHaveLength(1);
    expect(await mailsTo('brisa@origem.local', link.id, 'requested')).toHaveLength(1);
    expect((await call('GET', `${LINK}/${link.id}`, 'brisa')).json().actions).toContain('approve');
    expect((await call('GET', `${LINK}/${link.id}`, 'exportador')).json().actions).toContain('approve');
    await endLink(link.id);

    const own = await created(await pair(w.cafe, w.porto, 'exportador'));
    expect(own.requested_by).toBe('exporter');
    await endLink(own.id);
  });
});

describe('deciding', () => {
  it('approval: refused to the requester, to other parties, to roles without the permission; the other side approves', async () => {
    const link = await created(await dispatcherAsks(w.cafe));
    const approve = (who: string) => call('PUT', `${LINK}/${link.id}/approval`, who);
    for (const [who, status, message] of [
      ['despachante', 422, text.requesterCannotDecide],
      ['acucar', 404, undefined],
      ['campinas.analista', 404, undefined],
      ['federacao', 403, undefined],
      ['confederacao', 403, undefined],
      ['fabricante', 403, undefined],
    ] as const) {
      const res = await expectNothingChanged(t, () => approve(who));
      expect(res.statusCode, `${who}: ${res.body}`).toBe(status);
      if (message) expect(res.json()).toMatchObject({ code: 'FlowActionRefused', message });
    }

    const res = await approve('exportador');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Solicitação APROVADA com sucesso!');
    expect(res.json().dispatcher_exporter_link).toMatchObject({
      status: 'APROVADO',
      actions: ['request_deletion'],
    });
    expect((await stored(link.id)).approved_at).toBeInstanceOf(Date);
    expect(await auditTrail(link.id)).toEqual(['created', 'approve']);
    const mails = await mailsTo('despachante@origem.local', link.id, 'approved');
    expect(mails).toHaveLength(1);
    expect(mailText(mails[0]?.raw ?? '')).toContain('aprovou o vínculo');
    expect(await mailsTo('exportador@origem.local', link.id, 'approved')).toHaveLength(0);

    // A second approval finds it approved.
    const twice = await expectNothingChanged(t, () => approve('exportador'));
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toContain('Aprovado');
    await endLink(link.id);
  });

  it('analysis: the other side hands it to the association; then only the association decides, and both sides hear', async () => {
    const link = await created(await exporterAsks(w.porto));
    expect(
      (await expectNothingChanged(t, () => call('PUT', `${LINK}/${link.id}/analysis`, 'exportador')))
        .statusCode,
    ).toBe(422);
    const sent = await call('PUT', `${LINK}/${link.id}/analysis`, 'despachante');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe('Solicitação enviada para análise com sucesso!');
    expect(sent.json().dispatcher_exporter_link.status).toBe('EM_ANALISE');

    const refused = await expectNothingChanged(t, () =>
      call('PUT', `${LINK}/${link.id}/approval`, 'despachante'),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(text.underAssociationAnalysis);
    expect((await call('GET', `${LINK}/${link.id}`, 'analista')).json().actions).toEqual([
      'approve',
      'disapprove',
      'remove',
    ]);

    const approved = await call('PUT', `${LINK}/${link.id}/approval`, 'analista');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await mailsTo('exportador@origem.local', link.id, 'approved')).toHaveLength(1);
    expect(await mailsTo('despachante@origem.local', link.id, 'approved')).toHaveLength(1);
    expect(await auditTrail(link.id)).toEqual(['created', 'analysis', 'approve']);
    await endLink(link.id);
  });

  it('disapproval with a reason: kept in the history and mailed to the requester; the link ends', async () => {
    const link = await created(await exporterAsks(w.brisa, 'acucar'));
    const res = await call('PUT', `${LINK}/${link.id}/disapproval`, 'brisa', {
      note: 'Não atendemos exportações de açúcar.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Solicitação REPROVADA com sucesso!');
    const detail = res.json<DispatcherLinkAnswer>().dispatcher_exporter_link;
    expect(detail.status).toBe('REPROVADO');
    expect(detail.actions).toEqual([]);
    expect(detail.history.at(-1)).toMatchObject({
      action: 'disapprove',
      from_status: 'SOLICITADO',
      to_status: 'REPROVADO',
      note: 'Não atendemos exportações de açúcar.',
    });
    expect((await stored(link.id)).ended_at).toBeInstanceOf(Date);
    const mails = await mailsTo('acucar@origem.local', link.id, 'disapproved');
    expect(mails).toHaveLength(1);
    expect(mailText(mails[0]?.raw ?? '')).toContain('Motivo: Não atendemos exportações de açúcar.');
    expect(await mailsTo('comex@acucar.origem.local', link.id, 'disapproved')).toHaveLength(1);
  });

  it('withdrawal: only the requester (or the association) deletes an undecided request', async () => {
    const link = await created(await dispatcherAsks(w.cafe));
    for (const [url, who, status] of [
      [`/v1/exporter_dispatcher/link/${link.id}`, 'exportador', 422],
      [`/v1/dispatcher_exporter/link/${link.id}`, 'brisa', 404],
      [`${LINK}/${link.id}`, 'despachante', 403],
    ] as const) {
      const res = await expectNothingChanged(t, () => call('DELETE', url, who));
      expect(res.statusCode, `${who}: ${res.body}`).toBe(status);
    }
    const res = await call('DELETE', `/v1/dispatcher_exporter/link/${link.id}`, 'despachante');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Solicitação APAGADA com sucesso!');
    expect((await stored(link.id)).status).toBe('EXCLUIDO');

    const other = await created(await dispatcherAsks(w.cafe));
    const byAssociation = await call('DELETE', `${LINK}/${other.id}`, 'associacao');
    expect(byAssociation.json().message).toBe('Solicitação APAGADA com sucesso!');
    expect(await auditTrail(other.id)).toEqual(['created', 'remove']);
  });
});

describe('deleting an approved link takes two steps', () => {
  it('one side asks, the other confirms; the asker, the association and the wrong side are refused', async () => {
    const link = await created(await dispatcherAsks(w.cafe));
    await call('PUT', `${LINK}/${link.id}/approval`, 'exportador');

    // Not in one step: the approved link is not deleted directly, by anyone.
    for (const [url, who] of [
      [`/v1/exporter_dispatcher/link/${link.id}`, 'exportador'],
      [`${LINK}/${link.id}`, 'admin'],
    ] as const) {
      const res = await expectNothingChanged(t, () => call('DELETE', url, who));
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(text.notDeletable('Aprovado'));
    }
    // Only the sides ask, each on its own call.
    for (const [url, who, status] of [
      [`/v1/exporter_dispatcher/link/${link.id}/deletion`, 'despachante', 403],
      [`/v1/dispatcher_exporter/link/${link.id}/deletion`, 'associacao', 403],
      [`/v1/exporter_dispatcher/link/${link.id}/deletion`, 'acucar', 404],
    ] as const) {
      const res = await expectNothingChanged(t, () => call('PUT', url, who));
      expect(res.statusCode, `${who}: ${res.body}`).toBe(status);
    }

    const asked = await call('PUT', `/v1/exporter_dispatcher/link/${link.id}/deletion`, 'exportador');
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toBe('Solicitação de exclusão enviada para o despachante!');
    expect(asked.json().dispatcher_exporter_link).toMatchObject({
      status: 'EXCLUSAO_SOLICITADA',
      deletion_requested_by: 'exporter',
      deletion_requested_by_user: { name: expect.any(String) },
      actions: [],
    });
    const mails = await mailsTo('despachante@origem.local', link.id, 'deletion');
    expect(mails).toHaveLength(1);
    expect(mailText(mails[0]?.raw ?? '')).toContain('solicitou a exclusão do vínculo');

    for (const [url, who, message] of [
      [`/v1/exporter_dispatcher/link/${link.id}`, 'exportador', text.deletionRequesterCannotConfirm],
      [`${LINK}/${link.id}`, 'associacao', text.confirmationByPartyOrAdmin],
      [`${LINK}/${link.id}`, 'analista', text.confirmationByPartyOrAdmin],
    ] as const) {
      const res = await expectNothingChanged(t, () => call('DELETE', url, who));
      expect(res.statusCode, `${who}: ${res.body}`).toBe(422);
      expect(res.json().message).toBe(message);
    }
    expect((await call('GET', `${LINK}/${link.id}`, 'despachante')).json().actions).toEqual([
      'confirm_deletion',
    ]);

    const confirmed = await call('DELETE', `/v1/dispatcher_exporter/link/${link.id}`, 'despachante');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toBe('Solicitação de exclusão APROVADA!');
    const row = await stored(link.id);
    expect(row.status).toBe('EXCLUIDO');
    expect(row.ended_at).toBeInstanceOf(Date);
    expect(await auditTrail(link.id)).toEqual(['created', 'approve', 'request_deletion', 'confirm_deletion']);
  });

  it('the dispatcher may ask too (its own text); an administrator confirms', async () => {
    const link = await created(await exporterAsks(w.porto));
    await call('PUT', `${LINK}/${link.id}/approval`, 'despachante');
    const asked = await call('PUT', `/v1/dispatcher_exporter/link/${link.id}/deletion`, 'despachante');
    expect(asked.json().message).toBe('Solicitação de exclusão enviada para o exportador!');
    expect(await mailsTo('exportador@origem.local', link.id, 'deletion')).toHaveLength(1);
    const confirmed = await call('DELETE', `${LINK}/${link.id}`, 'admin');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toBe('Solicitação de exclusão APROVADA!');
    // A new request is possible once it is gone.
    const again = await created(await exporterAsks(w.porto));
    await endLink(again.id);
  });
});

describe('all_not_bind and the dispatcher’s exporters', () => {
  it('the counterparts offered leave out those with an active link, and come back when it ends', async () => {
    const offered = async (url: string, who: string) =>
      (await call('GET', url, who)).json<{ data: { name: string }[] }>().data.map((p) => p.name);
    // The demo manufacturer (issue 12) is a party of the exporters' table too.
    expect(await offered('/v1/dispatcher/all_not_bind', 'despachante')).toEqual([
      'Açúcar Paulista Exportadora S.A.',
      'Café Santista Exportadora Ltda.',
      'Indústria Cerâmica Paulista Ltda.',
    ]);
    const link = await created(await dispatcherAsks(w.cafe));
    expect(await offered('/v1/dispatcher/all_not_bind', 'despachante')).toEqual([
      'Açúcar Paulista Exportadora S.A.',
      'Indústria Cerâmica Paulista Ltda.',
    ]);
    expect(await offered('/v1/exporter/all_not_bind', 'exportador')).toEqual(['Brisa Despachos Ltda.']);
    await call('PUT', `${LINK}/${link.id}/disapproval`, 'exportador');
    expect(await offered('/v1/exporter/all_not_bind', 'exportador')).toEqual([
      'Brisa Despachos Ltda.',
      'Porto Despachos Aduaneiros Ltda.',
    ]);
  });

  it('GET /v1/exporter/dispatcher: the exporters linked in the period, for the dispatcher or staff naming its user', async () => {
    const link = await created(await dispatcherAsks(w.acucar));
    const list = async (query: string, who: string) => call('GET', `/v1/exporter/dispatcher${query}`, who);
    // Not yet approved: not there.
    expect((await list('?name=açúcar', 'despachante')).json().data).toEqual([]);
    await call('PUT', `${LINK}/${link.id}/approval`, 'acucar');

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const mine = await list(`?start_date=2020-01-01&end_date=${today}&name=a%C3%A7%C3%BAcar`, 'despachante');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toMatchObject([
      {
        id: w.acucar,
        name: 'Açúcar Paulista Exportadora S.A.',
        link_id: link.id,
        status: 'APROVADO',
        ended_at: null,
      },
    ]);
    // A period that ended before the approval: nothing.
    expect((await list('?start_date=2020-01-01&end_date=2020-12-31', 'despachante')).json().data).toEqual([]);
    // The links with Café approved and ended in the earlier tests count as history, each with its end.
    const cafe = (await list('?name=café', 'despachante')).json<{ data: { ended_at: string | null }[] }>()
      .data;
    expect(cafe.length).toBeGreaterThan(0);
    expect(cafe.every((entry) => entry.ended_at !== null)).toBe(true);

    const [portoUser] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'despachante@origem.local'));
    const userId = portoUser?.id ?? 0;
    expect((await list(`?user_id=${userId}&name=a%C3%A7%C3%BAcar`, 'analista')).json().data).toHaveLength(1);
    expect((await list(`?user_id=${userId}`, 'campinas.analista')).statusCode).toBe(404);
    expect((await list('', 'analista')).statusCode).toBe(422);
    expect((await list(`?user_id=${userId}`, 'brisa')).statusCode).toBe(404);
    expect((await list('', 'exportador')).statusCode).toBe(403);
    expect((await list('?start_date=2026-02-30', 'despachante')).statusCode).toBe(422);

    // Ended, it still counts for the period it was in force.
    await call('PUT', `/v1/dispatcher_exporter/link/${link.id}/deletion`, 'despachante');
    await call('DELETE', `/v1/exporter_dispatcher/link/${link.id}`, 'acucar');
    const ended = (await list(`?start_date=${today}&name=a%C3%A7%C3%BAcar`, 'despachante')).json().data;
    expect(ended).toMatchObject([{ id: w.acucar, status: 'EXCLUIDO', ended_at: expect.any(String) }]);
  });
});
