import { lookup as lookupCallback } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { webhookMessages } from '@origem/contract/schemas/webhooks';

/**
 * The SSRF guard of webhook addresses: https only, and only to public addresses — the name is resolved and every
 * address it gives is checked, so a name pointing at 127.0.0.1, the cloud metadata service or the office network is
 * refused. Hosts in WEBHOOK_ALLOW_PRIVATE (tests, a receiver on the same network) may use http and private
 * addresses. Checked when the endpoint is saved and again before every delivery (a name may change its answer), and
 * the delivery's socket connects only through `pinnedLookup`, which checks the very addresses it connects to: a name
 * that answers a public address to the check and a private one a moment later (DNS rebinding) is refused too.
 */

const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type UrlCheck = { ok: true } | { ok: false; message: string };

export async function checkWebhookUrl(raw: string, allowPrivate: readonly string[]): Promise<UrlCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, message: 'Informe um endereço completo, começando por https://.' };
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (allowPrivate.includes(host)) {
    return url.protocol === 'https:' || url.protocol === 'http:'
      ? { ok: true }
      : { ok: false, message: webhookMessages.httpsRequired };
  }
  if (url.protocol !== 'https:') return { ok: false, message: webhookMessages.httpsRequired };
  if (url.username || url.password) return { ok: false, message: 'Não inclua usuário e senha no endereço.' };
  let addresses: string[];
  try {
    addresses = isIP(host)
      ? [host]
      : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    return { ok: false, message: webhookMessages.unresolvable };
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) {
    return { ok: false, message: webhookMessages.privateAddress };
  }
  return { ok: true };
}

/** The refusal `pinnedLookup` gives the socket; the delivery log shows its message. */
export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';
  constructor() {
    super(webhookMessages.privateAddress);
  }
}

/**
 * A `lookup` for http(s).request: resolves the name as Node would and refuses when any address it would connect to
 * is private, unless the host is in `allowPrivate`.
 */
export function pinnedLookup(allowPrivate: readonly string[]): LookupFunction {
  return (hostname, options, callback) => {
    lookupCallback(hostname, { ...options, all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as unknown as { address: string; family: number }[];
      const allowed = allowPrivate.includes(hostname.toLowerCase());
      if (list.length === 0 || (!allowed && list.some((a) => isPrivateAddress(a.address)))) {
        return callback(new PrivateAddressError(), '', 4);
      }
      if (options.all) return callback(null, list);
      const [first] = list;
      callback(null, first?.address ?? '', first?.family ?? 4);
    });
  };
}
