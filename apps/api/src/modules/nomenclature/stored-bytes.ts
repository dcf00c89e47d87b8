import type { FileStorage } from '../../files/storage';

/** The bytes of a stored upload (CSV files here are at most a few MB, read whole to be parsed). */
export async function readStoredBytes(storage: FileStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
