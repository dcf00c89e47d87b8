// The part of autocannon's programmatic API the load harness uses (the package ships no types).
declare module 'autocannon' {
  type Histogram = { average: number; p50: number; p99: number; max: number; total: number };
  namespace autocannon {
    type Result = {
      requests: Histogram & { sent: number };
      latency: Histogram;
      throughput: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
      duration: number;
    };
    type Options = {
      url: string;
      connections?: number;
      duration?: number;
      /** Stop after this many requests (instead of a duration). */
      amount?: number;
      headers?: Record<string, string>;
      timeout?: number;
      requests?: unknown[];
      setupClient?: (client: unknown) => void;
    };
    type Instance = { stop: () => void };
    function track(instance: Instance, options?: Record<string, boolean>): void;
  }
  function autocannon(
    options: autocannon.Options,
    done: (err: Error | null, result: autocannon.Result) => void,
  ): autocannon.Instance;
  export default autocannon;
}
