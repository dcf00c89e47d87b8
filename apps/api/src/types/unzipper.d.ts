// The part of unzipper (exceljs' own zip reader) the import reader and the workbook tests use: a zip read from its
// central directory.
declare module 'unzipper' {
  import type { Readable } from 'node:stream';

  export type CentralDirectoryFile = {
    path: string;
    type: 'File' | 'Directory';
    crc32: number;
    uncompressedSize: number;
    stream(): Readable;
    buffer(): Promise<Buffer>;
  };
  export type CentralDirectory = { files: CentralDirectoryFile[] };
  const unzipper: { Open: { buffer(data: Buffer): Promise<CentralDirectory> } };
  export default unzipper;
}
