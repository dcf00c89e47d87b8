import { afterEach, describe, expect, it } from 'vitest';
import { ipRedirectTarget } from '../app/guards';
import { RUNTIME_META, readRuntimeConfig } from './runtime-config';

afterEach(() => {
  for (const meta of document.head.querySelectorAll('meta[name^="origem:"]')) meta.remove();
});

function serve(appUrl: string) {
  const meta = document.createElement('meta');
  meta.name = RUNTIME_META.appUrl;
  meta.content = appUrl;
  document.head.append(meta);
}

describe('readRuntimeConfig (issue 9: settings read from the server at run time)', () => {
  it('reads the APP_URL the server wrote into the page', () => {
    serve('https://origem.cni.example.org.br');
    expect(readRuntimeConfig()).toEqual({ appUrl: 'https://origem.cni.example.org.br' });
  });

  it('has no APP_URL on a page served without one (the Vite dev server)', () => {
    expect(readRuntimeConfig()).toEqual({ appUrl: undefined });
  });

  it('feeds the raw-IP redirect of SPEC §2', () => {
    serve('https://origem.cni.example.org.br');
    const location = { hostname: '10.1.2.3', pathname: '/usuarios', search: '?page=2', hash: '' };
    expect(ipRedirectTarget(location, readRuntimeConfig().appUrl)).toBe(
      'https://origem.cni.example.org.br/usuarios?page=2',
    );
  });
});
