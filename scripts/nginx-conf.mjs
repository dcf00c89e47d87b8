import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import path from 'node:path';

/**
 * docs/deploy/nginx.conf on one machine, with only its addresses and certificate paths replaced (issue 35): what CI
 * runs `nginx -t` on (scripts/check-nginx-conf.mjs) and the topology test serves through
 * (apps/api/scripts/topology). Everything else — TLS, HTTP/2, the timeouts, the retries, the locations — stays as an
 * operator copies it. The file is a site (Debian's sites-enabled is included inside `http {}`), so it is wrapped in
 * a main context of its own whose pid, logs and temporary files live in `dir`: neither /etc/nginx nor the system's
 * nginx is touched, and no root is needed.
 */

export const DOCUMENTED = path.resolve(import.meta.dirname, '../docs/deploy/nginx.conf');

/** Whether this machine has an IPv6 loopback to listen on (the documented file listens on IPv6 too). */
const hasIpv6Loopback = () =>
  Object.values(networkInterfaces()).some((list) =>
    list?.some((a) => a.family === 'IPv6' && a.address === '::1'),
  );

/**
 * @param {string} documented the text of docs/deploy/nginx.conf
 * @param {{ upstreams: string[], httpPort: number, httpsPort: number, certificate: string, key: string, dir: string }} o
 *   `upstreams`: the instances (`host:port`); the ports nginx listens on (loopback), the certificate and its key.
 */
export function deployableNginxConf(documented, o) {
  const replaced = (what, pattern, replacement) => {
    if (!pattern.test(site)) throw new Error(`docs/deploy/nginx.conf mudou de forma: não achei ${what}`);
    site = site.replace(pattern, replacement);
  };
  let site = documented;
  // The upstream's servers, each instance with the documented parameters (max_fails, fail_timeout).
  replaced(
    'os servidores do upstream',
    /(upstream origem \{\n(?:\s*#[^\n]*\n)*)((?:\s*server [^\n]*\n)+)/,
    (_, head, servers) => {
      const [, indent, parameters] = /^(\s*)server \S+(.*)$/m.exec(servers);
      return `${head}${o.upstreams.map((u) => `${indent}server ${u}${parameters}\n`).join('')}`;
    },
  );
  // The listening addresses: loopback, the plain port for 80 and the TLS one for 443, IPv4 and IPv6 as documented
  // (an IPv6 listen goes where the machine has no IPv6 at all: nginx could not bind it).
  const ipv6 = hasIpv6Loopback();
  replaced('os listen', /^(\s*listen\s+)(\[::\]:)?(80|443)\b([^\n]*)\n/gm, (_, head, v6, port, rest) => {
    if (v6 && !ipv6) return '';
    return `${head}${v6 ? '[::1]' : '127.0.0.1'}:${port === '80' ? o.httpPort : o.httpsPort}${rest}\n`;
  });
  replaced('ssl_certificate', /^(\s*ssl_certificate\s+)\S+;/m, `$1${o.certificate};`);
  replaced('ssl_certificate_key', /^(\s*ssl_certificate_key\s+)\S+;/m, `$1${o.key};`);
  // The monitoring network of the example is this machine's loopback.
  replaced('a rede do monitoramento', /allow 10\.0\.0\.0\/8;/, 'allow 127.0.0.1;');
  if (/10\.0\.0\.\d|\/etc\/ssl\/origem|listen\s+(\[::\]:)?(80|443)\b/.test(site)) {
    throw new Error('docs/deploy/nginx.conf mudou de forma: sobrou um endereço ou caminho de produção');
  }
  const tmp = (name) => path.join(o.dir, name);
  return `daemon off;
pid ${tmp('nginx.pid')};
error_log ${tmp('error.log')} warn;
worker_processes 1;
events { worker_connections 1024; }
http {
    access_log ${tmp('access.log')};
    client_body_temp_path ${tmp('client_body')};
    proxy_temp_path ${tmp('proxy')};
    fastcgi_temp_path ${tmp('fastcgi')};
    uwsgi_temp_path ${tmp('uwsgi')};
    scgi_temp_path ${tmp('scgi')};

${site}
}
`;
}

/**
 * A throw-away self-signed certificate for 127.0.0.1 and localhost (openssl), its key beside it, in `dir`. Returns
 * the paths and the certificate's PEM (for a client to trust).
 */
export function selfSignedCertificate(dir) {
  const certificate = path.join(dir, 'fullchain.pem');
  const key = path.join(dir, 'privkey.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,IP:::1,DNS:localhost',
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return { certificate, key, pem: readFileSync(certificate, 'utf8') };
}

/** The arguments that keep nginx in `dir`: its prefix, its error log from the first line, the configuration. */
export const nginxArgs = (dir, file) => ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', file];
