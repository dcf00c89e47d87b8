import { generate } from 'otplib';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../db/seed/demo';

/** One token call, however the caller reaches the server (inject, fetch, a topology client). */
export type TokenCall = (body: Record<string, string>) => Promise<{ status: number; body: unknown }>;

const PERIOD_MS = 30_000;
const lastStep = new Map<string, number>();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A code of the demo authenticator for a step this process has not used for `email` yet: a code is accepted once,
 * so a second sign-in within the same 30 s waits for the next step instead of replaying the first.
 */
export async function freshDemoCode(email: string): Promise<string> {
  let step = Math.floor(Date.now() / PERIOD_MS);
  const last = lastStep.get(email);
  if (last !== undefined && step <= last) {
    await sleep((last + 1) * PERIOD_MS - Date.now() + 50);
    step = last + 1;
  }
  lastStep.set(email, step);
  return generate({ secret: DEMO_TOTP_SECRET, epoch: step * 30 });
}

/**
 * Signs a demo user in from a script or benchmark: the password grant, then, for staff whose role requires the
 * second factor, the mfa grant with the demo authenticator. Returns the access token.
 */
export async function demoSignIn(call: TokenCall, email: string, password = DEMO_PASSWORD): Promise<string> {
  const base = { client_id: '2', recaptchaToken: '' };
  let answer = await call({ ...base, grant_type: 'password', username: email, password });
  const challenge = answer.body as { code?: string; mfa_token?: string };
  if (answer.status === 401 && challenge.code === 'MfaRequired' && challenge.mfa_token) {
    const token = challenge.mfa_token;
    const mfa = async () =>
      call({ ...base, grant_type: 'mfa', mfa_token: token, code: await freshDemoCode(email) });
    answer = await mfa();
    // Another process (an earlier run of the same script) may have spent this window's code: the next one.
    if ((answer.body as { code?: string }).code === 'InvalidMfaCode') answer = await mfa();
  }
  if (answer.status !== 200)
    throw new Error(`login ${email}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return (answer.body as { access_token: string }).access_token;
}

/** The TokenCall of a server reached over HTTP (`post`: a fetch trusting a test certificate, for nginx). */
export function fetchTokenCall(base: string, post: typeof fetch = fetch): TokenCall {
  return async (body) => {
    const res = await post(`${base}/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  };
}
