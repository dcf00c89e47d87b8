import type { Page } from '@playwright/test';

type Violation = { page: string; directive: string; blocked: string; sample: string; source: string };

/**
 * Collects the page's Content-Security-Policy violations (issue 24), across navigations: the browser reports each
 * refused script, style or connection as a `securitypolicyviolation` event (caught by a listener the page gets
 * before its own scripts) and as a console error. Call before the first navigation.
 */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  await page.exposeBinding('reportCspViolation', (_source, v: Violation) => {
    found.push(`${v.page}: ${v.directive} recusou ${v.blocked || '(inline)'} em ${v.source} «${v.sample}»`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (v: Violation) => void }).reportCspViolation;
      report({
        page: location.pathname,
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        sample: event.sample,
        source: `${event.sourceFile}:${event.lineNumber}`,
      });
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      found.push(`console em ${new URL(page.url()).pathname}: ${message.text()}`);
  });
  return found;
}
