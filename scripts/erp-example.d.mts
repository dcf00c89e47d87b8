// Types of scripts/erp-example.mjs, for the test that runs it against the API (apps/api/src/modules/webhooks).

export declare const SIGNATURE_HEADER: string;
export declare const SIGNATURE_TOLERANCE_SECONDS: number;

export type OrigemEvent = {
  event: string;
  id: number;
  number: string | null;
  status: string;
  occurred_at: string;
};

export type Receiver = {
  secret: string;
  port: number;
  events: OrigemEvent[];
  waitFor(match: (event: OrigemEvent) => boolean, timeoutMs: number): Promise<OrigemEvent>;
  close(): Promise<void>;
};

export declare function verifySignature(
  secret: string,
  header: string | undefined,
  rawBody: string,
  nowSeconds?: number,
): boolean;

export declare function startReceiver(options?: {
  port?: number;
  secret?: string;
  log?: (line: string) => void;
}): Promise<Receiver>;

export declare function idempotencyKeyFor(invoiceNumber: string, step: string): string;
