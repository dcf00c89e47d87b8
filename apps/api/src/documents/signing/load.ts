/**
 * The signing code stands on node-forge, xml-crypto, xmldom and xpath: ~85 ms and ~10 MB of every start, for a
 * server that may not sign or verify anything for a while. The modules that sign, verify or seal take it from here
 * on first use instead of importing it; the compiled server keeps it in a chunk of its own (scripts/build-api.mjs
 * splits on dynamic imports).
 */
export type Signing = typeof import('./library');

let loading: Promise<Signing> | undefined;

export const loadSigning = (): Promise<Signing> => {
  loading ??= import('./library');
  return loading;
};
