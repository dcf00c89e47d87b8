/**
 * The nonce of this page's Content-Security-Policy: the server writes a fresh one into every index.html it sends
 * (<meta property="csp-nonce">, vite.config.ts `html.cspNonce`). Read through the `nonce` property: browsers hide
 * the attribute once the page has loaded. Absent on the Vite dev server, which sends no policy.
 */
export function readCspNonce(doc: Pick<Document, 'querySelector'> = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || '';
  // A page built but served by something other than the API still holds the placeholder: no nonce then.
  return nonce && !nonce.startsWith('__') ? nonce : undefined;
}

/**
 * Every <style> a script of the page creates carries the nonce, as webpack's `__webpack_nonce__` does for the styles
 * it injects. antd passes the nonce itself (ConfigProvider `csp`), but its helpers that lock the page's scroll under
 * a dialog and measure the scroll bar create theirs without options, and React makes the <style> some icons carry. Markup injected into the page is parsed, never
 * made through createElement, so it still gets no nonce: the policy keeps refusing it.
 */
export function nonceCreatedStyles(nonce: string, doc: Document = document): void {
  const create = doc.createElement.bind(doc);
  doc.createElement = ((name: string, options?: ElementCreationOptions) => {
    const element = create(name, options);
    if (name.toLowerCase() === 'style') element.nonce = nonce;
    return element;
  }) as Document['createElement'];
  // SVG has a <style> of its own: some of antd's icons carry an empty one (<defs><style/></defs>).
  const createNS = doc.createElementNS.bind(doc);
  doc.createElementNS = ((namespace: string | null, name: string, options?: ElementCreationOptions) => {
    const element = createNS(namespace, name, options);
    if (name === 'style' && element instanceof SVGElement) element.nonce = nonce;
    return element;
  }) as Document['createElementNS'];
}
