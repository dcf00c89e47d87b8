import type { Config } from '../../config';
import type { FileStorage } from '../../files/storage';
import { systemContext } from '../../lib/context';
import { copiesJob } from '../issuance/issued-copy';
import { printCertificate, signedPdf } from './documents';
import { certificateCopies } from './issued-copies';

/** Renders and stores a certificate's PDF and, once its COD is complete, its sealed PDF (issued-copies.ts). */
export function certificateCopiesHandler(files: FileStorage, config: Config) {
  const ctx = systemContext(certificateCopies.job, config.appUrl);
  return copiesJob(certificateCopies, (db, id) => [
    () => printCertificate(db, files, ctx, null, id),
    () => signedPdf(db, files, config, ctx, null, id),
  ]);
}
