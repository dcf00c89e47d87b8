/** The node arguments of package.json's `serve` script (scripts/serve-args.mjs). */
export function serveArgs(root: string): string[];
