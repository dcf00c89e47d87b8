import http from 'node:http';
import https from 'node:https';

/**
 * `fetch` that trusts one more certificate: nginx serves the documented file's TLS with a throw-away self-signed
 * certificate (scripts/nginx-conf.mjs), and Node 20's fetch takes no CA of its own (NODE_EXTRA_CA_CERTS is read only
 * when the process starts). node:https with that CA, the answer given back as a `Response`, so the clients read it
 * as they read fetch's. Without `ca`, fetch itself.
 */
export function trustingFetch(ca: string | undefined): typeof fetch {
  if (!ca) return fetch;
  const agent = new https.Agent({ ca, keepAlive: true });
  return async (input, init) => {
    // A Request encodes the body as fetch would (JSON text, a multipart FormData with its boundary).
    const request = new Request(input, init);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers = Object.fromEntries(request.headers);
    if (body) headers['content-length'] = String(body.length);
    return new Promise<Response>((resolve, reject) => {
      const req = https.request(request.url, {
        method: request.method,
        headers,
        agent,
        signal: init?.signal ?? undefined,
      });
      req.once('error', reject);
      req.once('response', (res: http.IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.once('error', reject);
        res.once('end', () => {
          const status = res.statusCode ?? 0;
          const answer = [204, 205, 304].includes(status) ? null : Buffer.concat(chunks);
          const names = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
              names.append(name, v);
          }
          resolve(new Response(answer, { status, statusText: res.statusMessage, headers: names }));
        });
      });
      req.end(body);
    });
  };
}
