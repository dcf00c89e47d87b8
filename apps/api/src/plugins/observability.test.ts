import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../db/seed/demo';
import { createTestApp, lastPasswordLink, type TestApp } from '../test/app';
import { type SmtpListener, startSmtpListener } from '../test/smtp';

/**
 * The log and the metrics of a run: every request's log lines carry its id (the one the X-Request-Id header gives
 * back), secrets never reach the log, and /metrics answers only with METRICS_TOKEN.
 */
const METRICS_TOKEN = 'metricas-de-teste-0123456789abcdef';
const lines: string[] = [];
let t: TestApp;
let smtp: SmtpListener;

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await createTestApp({ SMTP_URL: smtp.url, METRICS_TOKEN }, { logLines: lines, logLevel: 'debug' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('the log of a run', () => {
  it('carries the request id on every line of a request, and never a password or a token', async () => {
    const access = await t.login('admin');
    const wrong = await t.request('POST', '/v1/oauth/token', {
      body: {
        grant_type: 'password',
        client_id: '2',
        username: 'admin@origem.local',
        password: 'Errada#Senha123',
        recaptchaToken: '',
      },
    });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);

    // A password reset link: asked, mailed, checked, used (with the token in the body and, once, in a URL).
    await t.request('POST', '/v1/user/send_new_password', { body: { email: 'analista@origem.local' } });
    const resetToken = await lastPasswordLink(t, smtp, 'analista@origem.local');
    await t.request('GET', `/v1/nothing-here?token=${resetToken}`);
    const reset = await t.request('POST', '/v1/user/reset_password', {
      body: { token: resetToken, new_password: 'NovaSenha#2026' },
    });
    expect(reset.statusCode).toBe(204);

    // A request with the caller's own id keeps it; one with an unsafe id gets a fresh one.
    const traced = await t.request('GET', '/v1/user/me', {
      token: access,
      headers: { 'x-request-id': 'trace-abc_123' },
    });
    expect(traced.headers['x-request-id']).toBe('trace-abc_123');
    const forged = await t.request('GET', '/health/live', {
      headers: { 'x-request-id': 'x\ninjetado no log' },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const log = lines.join('');
    for (const secret of [DEMO_PASSWORD, 'Errada#Senha123', 'NovaSenha#2026', resetToken, access]) {
      expect(log.includes(secret), `o log contém ${secret.slice(0, 6)}…`).toBe(false);
    }

    // Every line about a request names it; the answers' ids are those of the lines.
    const requestLines = parsed().filter((entry) => entry.req || entry.res || entry.reqId);
    expect(requestLines.length).toBeGreaterThan(10);
    for (const entry of requestLines) expect(entry.reqId, JSON.stringify(entry)).toEqual(expect.any(String));
    const tracedLines = requestLines.filter((entry) => entry.reqId === 'trace-abc_123');
    expect(tracedLines.map((entry) => entry.msg)).toEqual(['incoming request', 'request completed']);
    expect(log).toContain('[oculto]');
  });
});

describe('GET /metrics', () => {
  it('answers only with the token, in Prometheus format, by route pattern and status', async () => {
    await t.request('GET', '/health/live');
    expect((await t.request('GET', '/metrics')).statusCode).toBe(401);
    expect(
      (await t.request('GET', '/metrics', { token: 'outro-token-qualquer-0123456789' })).statusCode,
    ).toBe(401);
    const res = await t.request('GET', '/metrics', { token: METRICS_TOKEN });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(
      /origem_http_requests_total\{method="GET",route="\/health\/live",status="200"\} \d+/,
    );
    expect(res.body).toMatch(
      /origem_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/health\/live",status="200"\}/,
    );
    expect(res.body).toMatch(/origem_http_requests_total\{method="GET",route="unmatched",status="404"\}/);
    expect(res.body).toMatch(/origem_jobs\{kind="[a-z_]+",status="[A-Z]+"\} \d+|# TYPE origem_jobs gauge/);
    expect(res.body).toContain('# TYPE origem_mail_outbox gauge');
    expect(res.body).toContain('nodejs_eventloop_lag_seconds');
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.request('GET', '/metrics')).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
