#!/usr/bin/env node
// Does the nginx the deploy guide installs (Debian's, /usr/sbin/nginx or NGINX=…) accept docs/deploy/nginx.conf?
// `nginx -t` on the documented file with only its addresses and certificate paths replaced (scripts/nginx-conf.mjs),
// a throw-away certificate, and pid, logs and temporary files in a temporary folder: no root, /etc/nginx untouched.
// Exits non-zero with nginx's own message when it refuses the file (issue 35: `http2 on;` on Debian 12's 1.22).
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DOCUMENTED, deployableNginxConf, nginxArgs, selfSignedCertificate } from './nginx-conf.mjs';

const nginx = process.env.NGINX ?? '/usr/sbin/nginx';

function check(dir) {
  const version = spawnSync(nginx, ['-v'], { encoding: 'utf8' });
  if (version.error) {
    console.error(
      `nginx não encontrado em ${nginx} (Debian: apt-get install nginx): ${version.error.message}`,
    );
    return 1;
  }
  const { certificate, key } = selfSignedCertificate(dir);
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(
    file,
    deployableNginxConf(readFileSync(DOCUMENTED, 'utf8'), {
      upstreams: ['127.0.0.1:3000', '127.0.0.1:3001'],
      httpPort: 8080,
      httpsPort: 8443,
      certificate,
      key,
      dir,
    }),
  );
  const test = spawnSync(nginx, ['-t', ...nginxArgs(dir, file)], { encoding: 'utf8' });
  console.log(`${version.stderr.trim()}: nginx -t ${path.relative(process.cwd(), DOCUMENTED)}`);
  const said = `${test.stdout}${test.stderr}`.trim();
  if (said) console.log(said);
  if (test.status === 0) return 0;
  console.error('o nginx recusou docs/deploy/nginx.conf');
  return 1;
}

const dir = mkdtempSync(path.join(tmpdir(), 'origem-nginx-check-'));
// When run as root, nginx's workers (and its checks of the temporary folders) run as an unprivileged user.
chmodSync(dir, 0o755);
try {
  process.exitCode = check(dir);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
