import { describe, expect, it } from 'vitest';
import { guardRedirect, ipRedirectTarget, isExemptPath, isIpAddress } from './guards';

const admin = { role: { name: 'admin' } };
const analyst = { role: { name: 'analista' } };
const exporter = { role: { name: 'exportador' } };

describe('isExemptPath (SPEC §2)', () => {
  it.each([
    '/login',
    '/pre-cadastro',
    '/esqueceu-senha',
    '/welcome',
    '/manutencao',
    '/',
    '/pre-cadastro-pendencia/42',
    '/login/',
  ])('%s is open to visitors', (path) => {
    expect(isExemptPath(path)).toBe(true);
  });

  it.each([
    '/usuarios',
    '/usuarios/3',
    '/certificado',
    '/auditoria',
    '/configuracao/perfil',
    '/pre-cadastros',
    '/pre-cadastro-analise/7',
    '/regras-origem',
  ])('%s is protected', (path) => {
    expect(isExemptPath(path)).toBe(false);
  });

  it('exempts /redefinir-senha only with the e-mailed token', () => {
    expect(isExemptPath('/redefinir-senha', { token: 'a1b2c3' })).toBe(true);
    expect(isExemptPath('/redefinir-senha', {})).toBe(false);
    expect(isExemptPath('/redefinir-senha', { token: '' })).toBe(false);
    expect(isExemptPath('/redefinir-senha', { token: '   ' })).toBe(false);
  });
});

describe('guardRedirect', () => {
  it('sends a visitor on a protected path to /welcome', () => {
    expect(guardRedirect({ pathname: '/usuarios', user: null })).toBe('/welcome');
    expect(guardRedirect({ pathname: '/certificado/10', user: null })).toBe('/welcome');
    expect(guardRedirect({ pathname: '/redefinir-senha', search: {}, user: null })).toBe('/welcome');
  });

  it('lets a visitor through exempt paths', () => {
    expect(guardRedirect({ pathname: '/login', user: null })).toBeNull();
    expect(guardRedirect({ pathname: '/', user: null })).toBeNull();
    expect(guardRedirect({ pathname: '/redefinir-senha', search: { token: 'x' }, user: null })).toBeNull();
    expect(guardRedirect({ pathname: '/pre-cadastro-pendencia/9', user: null })).toBeNull();
  });

  it('lets a signed-in user through protected paths', () => {
    expect(guardRedirect({ pathname: '/usuarios', user: exporter })).toBeNull();
    expect(guardRedirect({ pathname: '/redefinir-senha', search: {}, user: exporter })).toBeNull();
  });

  it('never redirects a signed-in user away from a restricted screen: the "sem permissão" page shows there', () => {
    expect(guardRedirect({ pathname: '/regras-origem', user: admin })).toBeNull();
    expect(guardRedirect({ pathname: '/regras-origem/5', user: analyst })).toBeNull();
    expect(guardRedirect({ pathname: '/regras-origem', user: exporter })).toBeNull();
    expect(guardRedirect({ pathname: '/regras-origem', user: null })).toBe('/welcome');
  });

  it('sends a signed-in user on from /login: to its redirect inside the app, else home', () => {
    expect(guardRedirect({ pathname: '/login', user: exporter })).toBe('/');
    expect(guardRedirect({ pathname: '/login', search: { redirect: '/usuarios?page=2' }, user: admin })).toBe(
      '/usuarios?page=2',
    );
    for (const redirect of ['//evil.example', 'https://evil.example/', '/\\evil', '/login', 'usuarios', 42]) {
      expect(guardRedirect({ pathname: '/login', search: { redirect }, user: admin }), String(redirect)).toBe(
        '/',
      );
    }
    expect(guardRedirect({ pathname: '/login', search: { redirect: '/usuarios' }, user: null })).toBeNull();
  });

  it('leaves unknown paths to the error page', () => {
    expect(guardRedirect({ pathname: '/nao-existe', user: null })).toBeNull();
    expect(guardRedirect({ pathname: '/usuarios/1/extra', user: admin })).toBeNull();
  });
});

describe('isIpAddress', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.12',
    '192.168.1.254',
    '255.255.255.255',
    '::1',
    '[::1]',
    'fe80::1',
    '2001:db8::8a2e:370:7334',
    '::ffff:10.0.0.1',
  ])('%s is an IP address', (host) => {
    expect(isIpAddress(host)).toBe(true);
  });

  it.each([
    'localhost',
    'origem.cni.org.br',
    '256.1.1.1',
    '1.2.3',
    '1.2.3.4.5',
    'abc::xyz',
    '',
    'example.com:8080',
  ])('%s is not an IP address', (host) => {
    expect(isIpAddress(host)).toBe(false);
  });
});

describe('ipRedirectTarget', () => {
  const at = (hostname: string, pathname = '/certificado', search = '?page=2', hash = '') => ({
    hostname,
    pathname,
    search,
    hash,
  });

  it('sends a raw IPv4 visit to the same path on the official host', () => {
    expect(ipRedirectTarget(at('10.1.2.3'), 'https://origem.example.org')).toBe(
      'https://origem.example.org/certificado?page=2',
    );
  });

  it('sends a raw IPv6 visit too, keeping the hash and the port of APP_URL', () => {
    expect(ipRedirectTarget(at('[::1]', '/login', '', '#x'), 'http://localhost:3000')).toBe(
      'http://localhost:3000/login#x',
    );
  });

  it('does nothing for host names', () => {
    expect(ipRedirectTarget(at('origem.example.org'), 'https://origem.example.org')).toBeNull();
    expect(ipRedirectTarget(at('localhost'), 'http://localhost:3000')).toBeNull();
  });

  it('does nothing when APP_URL is unset, invalid or itself an IP', () => {
    expect(ipRedirectTarget(at('10.1.2.3'), undefined)).toBeNull();
    expect(ipRedirectTarget(at('10.1.2.3'), '')).toBeNull();
    expect(ipRedirectTarget(at('10.1.2.3'), 'not a url')).toBeNull();
    expect(ipRedirectTarget(at('10.1.2.3'), 'http://10.9.9.9:3000')).toBeNull();
  });
});
