import { describe, expect, it } from 'vitest';
import { nonceCreatedStyles, readCspNonce } from './csp-nonce';

function page(head: string): Document {
  return new DOMParser().parseFromString(
    `<!doctype html><html><head>${head}</head><body></body></html>`,
    'text/html',
  );
}

describe('the page CSP nonce (issue 24: a policy without unsafe-inline)', () => {
  it('is read from the meta tag the server fills, and is absent when the placeholder was never replaced', () => {
    expect(readCspNonce(page('<meta property="csp-nonce" nonce="q2W6Jm3vQ1o8Xk0bZ9fT4A==">'))).toBe(
      'q2W6Jm3vQ1o8Xk0bZ9fT4A==',
    );
    expect(readCspNonce(page('<meta property="csp-nonce" nonce="__ORIGEM_CSP_NONCE__">'))).toBeUndefined();
    expect(readCspNonce(page(''))).toBeUndefined();
  });

  it('goes on every style element scripts create, HTML or SVG, and on nothing else', () => {
    const doc = page('');
    nonceCreatedStyles('abc123', doc);
    expect(doc.createElement('style').nonce).toBe('abc123');
    expect(doc.createElement('STYLE').nonce).toBe('abc123');
    expect(doc.createElement('script').nonce).toBe('');
    expect(doc.createElement('div').nonce).toBe('');
    const svgStyle = doc.createElementNS('http://www.w3.org/2000/svg', 'style') as SVGStyleElement;
    expect(svgStyle.nonce).toBe('abc123');
    expect((doc.createElementNS('http://www.w3.org/2000/svg', 'path') as SVGElement).nonce).toBe('');
  });

  it('leaves markup parsed into the page without the nonce: an injected <style> stays refused', () => {
    const doc = page('');
    nonceCreatedStyles('abc123', doc);
    doc.body.innerHTML = '<style>body{}</style>';
    expect((doc.body.firstElementChild as HTMLStyleElement).nonce).toBe('');
  });
});
