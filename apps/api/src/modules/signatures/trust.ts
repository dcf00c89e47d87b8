import type { X509Certificate } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { ErrorCode } from '@origem/contract/errors';
import type { Config } from '../../config';
import { loadSigning } from '../../documents/signing/load';
import { AppError } from '../../lib/errors';

let trustCache: { path: string; mtimeMs: number; list: X509Certificate[] } | null = null;

/**
 * The trusted CAs (SIGNATURE_TRUST_PEM), read again only when the file changes (a trust list is rotated without a
 * restart); null when none is configured or the file is not there, so a signature is refused with that reason
 * instead of failing the request.
 */
export async function configuredTrust(config: Config): Promise<X509Certificate[] | null> {
  const path = config.signatureTrustPem;
  if (!path) return null;
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return null;
  if (trustCache?.path !== path || trustCache.mtimeMs !== stat.mtimeMs) {
    const { parseTrustList } = await loadSigning();
    trustCache = { path, mtimeMs: stat.mtimeMs, list: parseTrustList(readFileSync(path, 'utf8')) };
  }
  return trustCache.list;
}

/** The trust every signature we receive is checked against (certificates, declarations, inspections). */
export async function trustList(config: Config): Promise<X509Certificate[]> {
  const list = await configuredTrust(config);
  if (!list) {
    throw new AppError(
      422,
      ErrorCode.FlowActionRefused,
      'Nenhuma autoridade certificadora confiável está configurada para assinaturas digitais.',
    );
  }
  return list;
}
