import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import type { Journey, Step, VuContext } from './mix';
import type { Recorder } from './stats';

/**
 * Virtual users on autocannon's programmatic API: one autocannon instance per role, one connection per VU. Each
 * connection walks its role's steps (autocannon's `requests`, built per step by `setupRequest` from what the VU
 * holds), keeps its own token, and thinks between steps: the client's next send is held back by a random pause.
 * Every answer is recorded under its step's kind with its latency (autocannon's own timing, from the write of the
 * request to the end of the answer); an answer outside the step's expected statuses is flagged with its body.
 */

export type Group = {
  journey: Journey;
  /** One per VU: its e-mail and, for staff who signed in beforehand (second factor), its token. */
  users: Array<{ email: string; token?: string }>;
};

export type DriveOptions = {
  url: string;
  seconds: number;
  /** Think time between two steps of a VU, uniform in [min, max] ms. */
  thinkMs: [number, number];
  /** A request without an answer after this many seconds counts as a timeout (and the connection is renewed). */
  timeoutSeconds: number;
  run: string;
  recorder: Recorder;
};

type AutocannonRequest = {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
  setupRequest: (req: AutocannonRequest, context: VuContext) => AutocannonRequest | undefined;
  onResponse: (status: number, body: string, context: VuContext) => void;
};

/** What autocannon's client exposes that the driver uses (not in its types). */
type AutocannonClient = {
  destroyed: boolean;
  _doRequest: (...args: unknown[]) => void;
  requestIterator: {
    initialContext: VuContext;
    context: VuContext & { last?: string };
    currentRequest: { kind?: string };
    resetContext: () => void;
    rebuildRequest: () => void;
  };
  on: (event: string, listener: (...args: never[]) => void) => void;
};

function toRequest(step: Step, options: DriveOptions): AutocannonRequest & { kind: string } {
  return {
    kind: step.kind,
    method: step.method,
    path: '/',
    setupRequest: (req, c) => {
      const path = step.path(c);
      if (path === undefined) return undefined;
      const headers: Record<string, string> = {};
      if (!step.anonymous && c.token) headers.authorization = `Bearer ${c.token}`;
      if (step.idempotent) headers['idempotency-key'] = `load-${options.run}-${c.vu}-${randomUUID()}`;
      const body = step.body?.(c);
      if (body) headers['content-type'] = body.contentType;
      c.last = step.kind;
      return { ...req, method: step.method, path, headers, body: body?.bytes ?? Buffer.alloc(0) };
    },
    onResponse: (status, body, c) => {
      if (!step.expected.includes(status)) {
        options.recorder.flag({ kind: step.kind, status, body: body.slice(0, 300) });
      }
      if (status >= 300) step.refused?.(c);
      if (step.read && status < 300) {
        try {
          step.read(c, JSON.parse(body));
        } catch {
          // not JSON (a PDF, a CSV): nothing to read
        }
      }
    },
  } as AutocannonRequest & { kind: string };
}

function drive(group: Group, options: DriveOptions): Promise<autocannon.Result> {
  const { recorder } = options;
  const requests = group.journey.steps.map((step) => toRequest(step, options));
  let next = 0;
  const [minThink, maxThink] = options.thinkMs;
  const think = () => minThink + Math.random() * (maxThink - minThink);
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: group.users.length,
        duration: options.seconds,
        timeout: options.timeoutSeconds,
        requests,
        setupClient: (raw: unknown) => {
          const client = raw as AutocannonClient;
          const user = group.users[next++ % group.users.length] as { email: string; token?: string };
          const iterator = client.requestIterator;
          iterator.initialContext = {
            vu: next,
            email: user.email,
            token: user.token,
            run: options.run,
            ids: {},
          };
          iterator.resetContext();
          iterator.rebuildRequest();
          // Think time: every send waits a random pause (also the first, which spreads the VUs' starts).
          const send = client._doRequest.bind(client);
          client._doRequest = (...args: unknown[]) => {
            setTimeout(() => {
              if (!client.destroyed) send(...args);
            }, think());
          };
          client.on('response', (status: number, _bytes: number, duration: number) => {
            recorder.kind(iterator.context.last ?? '?').record(status, duration);
          });
          client.on('timeout', () => {
            const kind = iterator.context.last ?? '?';
            recorder.kind(kind).timeouts += 1;
            recorder.flag({ kind, status: 'timeout', body: '' });
          });
          client.on('connError', (err: Error) => {
            const kind = iterator.context.last ?? '?';
            recorder.kind(kind).connectionErrors += 1;
            recorder.flag({ kind, status: 'connection error', body: err.message });
          });
        },
      },
      (err: Error | null, result: autocannon.Result) => (err ? reject(err) : resolve(result)),
    );
    // The sign-in answers carry tokens: nothing of autocannon's own output is printed.
    autocannon.track(instance, {
      renderProgressBar: false,
      renderResultsTable: false,
      renderLatencyTable: false,
    });
  });
}

/** Runs every role's VUs together for `seconds`; resolves with autocannon's results per role. */
export async function driveAll(groups: Group[], options: DriveOptions) {
  return Promise.all(groups.filter((g) => g.users.length > 0).map((g) => drive(g, options)));
}
