/** docs/deploy/nginx.conf with only its addresses and certificate paths replaced (scripts/nginx-conf.mjs). */
export const DOCUMENTED: string;
export function deployableNginxConf(
  documented: string,
  o: {
    upstreams: string[];
    httpPort: number;
    httpsPort: number;
    certificate: string;
    key: string;
    dir: string;
  },
): string;
export function selfSignedCertificate(dir: string): { certificate: string; key: string; pem: string };
export function nginxArgs(dir: string, file: string): string[];
