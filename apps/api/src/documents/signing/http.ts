import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/**
 * The HTTP exchanges of long-term signatures: a query to a time-stamping authority, an OCSP request, a CRL
 * download. Plain node:http(s), because a TSA may ask for a client certificate (PKCS#12) that fetch cannot present.
 * Every exchange has a deadline and a size cap: a slow or hostile server fails the exchange, never the process.
 */

export type Exchange = {
  method: 'GET' | 'POST';
  body?: Buffer;
  contentType?: string;
  accept?: string;
  timeoutMs: number;
  maxBytes: number;
  /** Basic credentials (a TSA's account). */
  basic?: { username: string; password: string };
  /** A client certificate and its key for TLS (a TSA that authenticates its clients so). */
  pfx?: { bytes: Buffer; password: string };
};

/** Why an exchange failed, in Portuguese, for the refusal or the job's last error. */
export class ExchangeFailed extends Error {}

export function exchange(url: string, options: Exchange): Promise<{ contentType: string; body: Buffer }> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.reject(new ExchangeFailed(`endereço inválido: ${url}`));
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return Promise.reject(new ExchangeFailed(`endereço não HTTP: ${url}`));
  }
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const headers: Record<string, string> = {};
  if (options.contentType) headers['content-type'] = options.contentType;
  if (options.accept) headers.accept = options.accept;
  if (options.body) headers['content-length'] = String(options.body.length);
  if (options.basic) {
    headers.authorization = `Basic ${Buffer.from(`${options.basic.username}:${options.basic.password}`).toString('base64')}`;
  }
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method: options.method,
        headers,
        timeout: options.timeoutMs,
        ...(options.pfx ? { pfx: options.pfx.bytes, passphrase: options.pfx.password } : {}),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status < 200 || status >= 300) {
          res.resume();
          reject(new ExchangeFailed(`${url} respondeu HTTP ${status}`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            req.destroy(new ExchangeFailed(`${url}: resposta maior que ${options.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({ contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks) }),
        );
        res.on('error', (err) => reject(new ExchangeFailed(`${url}: ${err.message}`)));
      },
    );
    // `timeout` is idle time on the socket; the deadline covers the whole exchange.
    const deadline = setTimeout(
      () => req.destroy(new ExchangeFailed(`${url} não respondeu em ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    req.on('timeout', () =>
      req.destroy(new ExchangeFailed(`${url} não respondeu em ${options.timeoutMs} ms`)),
    );
    req.on('error', (err) =>
      reject(err instanceof ExchangeFailed ? err : new ExchangeFailed(`${url}: ${err.message}`)),
    );
    req.on('close', () => clearTimeout(deadline));
    req.end(options.body);
  });
}
