import { ErrorCode } from '@origem/contract/errors';
import { messages } from '@origem/contract/messages.pt';
import { AppError } from '../lib/errors';

/**
 * The object store did not answer (down, unreachable, refusing our credentials). The request answers 503 in
 * Portuguese and, because the blob is written before its record's transaction, nothing points to missing bytes.
 * `cause` keeps the driver's error for the log.
 */
export class StorageUnavailableError extends AppError {
  constructor(cause: unknown) {
    super(503, ErrorCode.ServiceUnavailable, messages.storageUnavailable);
    this.name = 'StorageUnavailableError';
    this.cause = cause;
  }
}

/** A key the store has no blob for (a record whose bytes were lost): the download answers 404. */
export class BlobMissingError extends AppError {
  constructor(readonly key: string) {
    super(404, ErrorCode.NotFound, 'O arquivo não foi encontrado no armazenamento.');
    this.name = 'BlobMissingError';
  }
}
