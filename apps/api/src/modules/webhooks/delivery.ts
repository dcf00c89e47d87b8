import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { WEBHOOK_SIGNATURE_HEADER, webhookMessages } from '@origem/contract/schemas/webhooks';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { queryRows } from '../../db/client';
import type { JobHandler } from '../../jobs/runner';
import { recordAudit } from '../../lib/audit';
import { systemContext } from '../../lib/context';
import { unseal } from '../../lib/sealed';
import { enqueueMail } from '../../mail/outbox';
import { hello, layout } from '../../mail/templates';
import { WEBHOOK_JOB } from './events';
import { checkWebhookUrl, PrivateAddressError, pinnedLookup } from './url-guard';

const TIMEOUT_MS = 10_000;

/** `t=<unix>,v1=<hex HMAC-SHA256(secret, t + '.' + body)>`: what a receiver recomputes to trust a delivery. */
export function signature(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

type DeliveryRow = {
  id: number;
  payload: Record<string, unknown>;
  endpoint_id: number;
  url: string;
  secret: string;
  active: boolean;
  owner_email: string | null;
  owner_name: string | null;
};

type Attempt = { ok: true; code: number } | { ok: false; code: number | null; error: string };

/**
 * One POST through node:http(s) rather than fetch: the socket resolves the host through `pinnedLookup`, so it connects
 * only to addresses that passed the guard. Redirects are not followed; the answer's body is discarded.
 */
function post(url: string, secret: string, body: string, allowPrivate: readonly string[]): Promise<Attempt> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Origem-Webhooks/1.0',
          [WEBHOOK_SIGNATURE_HEADER]: signature(secret, body, Math.floor(Date.now() / 1000)),
        },
        lookup: pinnedLookup(allowPrivate),
        timeout: TIMEOUT_MS,
      },
      (response) => {
        response.resume();
        const code = response.statusCode ?? 0;
        resolve(code >= 200 && code < 300 ? { ok: true, code } : { ok: false, code, error: `HTTP ${code}` });
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    req.on('error', (err: Error & { code?: string }) =>
      resolve({
        ok: false,
        code: null,
        error: err instanceof PrivateAddressError ? err.message : (err.code ?? err.message),
      }),
    );
    req.end(body);
  });
}

/**
 * The `webhook_delivery` job: one POST of the stored body, signed with the endpoint's secret. A failure is
 * recorded and thrown (the runner retries with back-off); after the last attempt the endpoint is disabled and its
 * creator e-mailed, in one transaction with the audit row.
 */
export function webhookDeliveryHandler(config: Pick<Config, 'webhookAllowPrivate' | 'appUrl'>): JobHandler {
  return async (payload, { db, attempt, maxAttempts }) => {
    const [row] = await queryRows<DeliveryRow>(
      db,
      sql`select d.id, d.payload, e.id as endpoint_id, e.url, e.secret, e.active, u.email as owner_email,
                 u.name as owner_name
            from webhook_deliveries d
            join webhook_endpoints e on e.id = d.endpoint_id
            left join users u on u.id = e.created_by
           where d.id = ${Number(payload.deliveryId)}`,
    );
    if (!row) return;
    if (!row.active) {
      await db.execute(sql`update webhook_deliveries set status = 'FALHOU', last_error = 'Webhook desativado'
                            where id = ${row.id} and status = 'PENDENTE'`);
      return;
    }
    const guard = await checkWebhookUrl(row.url, config.webhookAllowPrivate);
    const result: Attempt = guard.ok
      ? await post(row.url, unseal(row.secret), JSON.stringify(row.payload), config.webhookAllowPrivate)
      : { ok: false, code: null, error: guard.message };
    if (result.ok) {
      await db.execute(sql`update webhook_deliveries set status = 'ENTREGUE', attempts = ${attempt},
          response_code = ${result.code}, last_error = null, last_attempt_at = now(), delivered_at = now()
        where id = ${row.id}`);
      return;
    }
    const last = attempt >= maxAttempts;
    await db.transaction(async (tx) => {
      await tx.execute(sql`update webhook_deliveries set status = ${last ? 'FALHOU' : 'PENDENTE'},
          attempts = ${attempt}, response_code = ${result.code}, last_error = ${result.error.slice(0, 500)},
          last_attempt_at = now()
        where id = ${row.id}`);
      if (!last) return;
      const [disabled] = await queryRows<{ id: number }>(
        tx,
        sql`update webhook_endpoints set active = false, disabled_at = now(), updated_at = now()
             where id = ${row.endpoint_id} and active returning id`,
      );
      if (!disabled) return;
      await recordAudit(tx, systemContext(WEBHOOK_JOB, config.appUrl), {
        event: 'disabled',
        type: 'webhook_endpoint',
        id: row.endpoint_id,
        new: { active: false, reason: result.error.slice(0, 200) },
      });
      if (row.owner_email) {
        await enqueueMail(tx, {
          to: row.owner_email,
          subject: `Origem — ${webhookMessages.disabledMailSubject}`,
          ...layout(
            hello(row.owner_name ?? ''),
            [
              `O webhook ${row.url} falhou em todas as tentativas de entrega durante 24 horas e foi desativado.`,
              `Último erro: ${result.error}. Corrija o endereço ou o serviço que o recebe e reative o webhook; as entregas que falharam podem ser reenviadas pelo registro de entregas.`,
            ],
            { href: `${config.appUrl}/integracoes/webhooks`, label: 'Abrir os webhooks' },
          ),
        });
      }
    });
    throw new Error(`webhook ${row.endpoint_id}: ${result.error}`);
  };
}
