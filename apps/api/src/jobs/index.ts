import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { FileStorage } from '../files/storage';
import { removeTempLeftovers, sweepOrphanFiles } from '../files/sweep';
import { mailDeliveryHandler } from '../mail/delivery';
import { MAIL_JOB } from '../mail/outbox';
import { importJobHandlers } from '../modules/certificate-imports/service';
import { certificateCopiesHandler } from '../modules/certificates/copies-job';
import { certificateCopies } from '../modules/certificates/issued-copies';
import { issueTimestamped } from '../modules/certificates/signatures';
import { declarationCopiesHandler } from '../modules/declarations/copies';
import { declarationCopies } from '../modules/declarations/copy-policy';
import { DECLARATION_EXPIRY_JOB, declarationExpiryHandler } from '../modules/declarations/expiry';
import { declarationTimestamped } from '../modules/declarations/signatures';
import { TIMESTAMP_JOB } from '../modules/signatures/evidence';
import { signatureTimestampHandler } from '../modules/signatures/timestamp-job';
import { webhookDeliveryHandler } from '../modules/webhooks/delivery';
import { WEBHOOK_JOB } from '../modules/webhooks/events';
import { maintenanceHandler } from './maintenance';
import { type JobHandler, JobRunner, type Schedule } from './runner';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Every kind of background work, and the recurring ones: one scheduler for everything (ARCHITECTURE "The kernel"). */
export function createJobRunner(
  db: Database,
  log: FastifyBaseLogger,
  config: Config,
  files: FileStorage,
  extra: { handlers?: Record<string, JobHandler>; schedules?: Schedule[] } = {},
): { runner: JobRunner; close: () => void } {
  const mail = mailDeliveryHandler({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    production: config.production,
  });
  const runner = new JobRunner(
    db,
    log,
    {
      [MAIL_JOB]: mail.handler,
      maintenance: maintenanceHandler,
      // Blobs no row references (a crash between writing a file and committing its record), and the temporary
      // files or unfinished multipart uploads of writes a crash cut short, past a grace period. A claimed job: one
      // instance per hour does it, not every process at start.
      file_sweep: async (_payload, { db: executor, log: logger }) => {
        const leftovers = await removeTempLeftovers(files);
        if (leftovers.removed > 0) logger.info(leftovers, 'temporary upload leftovers removed');
        const result = await sweepOrphanFiles(executor, files);
        if (result.removed > 0) logger.info(result, 'orphan files removed');
      },
      [DECLARATION_EXPIRY_JOB]: declarationExpiryHandler,
      [WEBHOOK_JOB]: webhookDeliveryHandler(config),
      ...importJobHandlers(files, config.appUrl),
      // An evidence record's timestamp, while the authority does not answer (issue 37; retried with back-off).
      [TIMESTAMP_JOB]: signatureTimestampHandler(config, {
        certificate: issueTimestamped,
        declaration: declarationTimestamped,
      }),
      // An issued (cancelled, replaced) certificate's or approved declaration's PDFs, rendered once after the commit.
      [certificateCopies.job]: certificateCopiesHandler(files, config),
      [declarationCopies.job]: declarationCopiesHandler(files, config),
      ...extra.handlers,
    },
    [
      { kind: 'maintenance', everyMs: HOUR },
      { kind: 'file_sweep', everyMs: HOUR },
      // Approved declarations past their validity become VENCIDA (the citable list checks the date meanwhile).
      { kind: DECLARATION_EXPIRY_JOB, everyMs: DAY },
      ...(extra.schedules ?? []),
    ],
  );
  return { runner, close: mail.close };
}
