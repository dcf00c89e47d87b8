import { randomBytes } from 'node:crypto';

export type FilePart = { filename: string; content: Buffer; contentType?: string };
export type PartValue = string | number | boolean | FilePart | null | undefined;

/**
 * A multipart/form-data body for `app.inject`, as a browser's FormData would send it. Text values are sent as
 * they are (null and undefined left out); a `FilePart` becomes a file part. Usage:
 * `t.request('POST', url, { token, ...multipart({ name: 'X', logo: { filename: 'a.png', content } }) })`.
 */
export function multipart(parts: Record<string, PartValue>): {
  body: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----origem${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(parts)) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'object') {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\n` +
            `Content-Type: ${value.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        value.content,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`,
        ),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
