import { describe, expect, it } from 'vitest';
import { PUBLIC_LANGS, publicLangOf, publicTexts } from './public-i18n';

describe('the public pages’ language (issue 37)', () => {
  it('is the first of the browser’s languages we speak, else Portuguese', () => {
    expect(publicLangOf(['es-AR', 'en-US'])).toBe('es');
    expect(publicLangOf(['de-DE', 'en-GB', 'pt-BR'])).toBe('en');
    expect(publicLangOf(['pt-BR'])).toBe('pt');
    expect(publicLangOf(['fr-FR', 'de'])).toBe('pt');
    expect(publicLangOf([])).toBe('pt');
  });

  it('has every text in the three languages, each its own', () => {
    const keys = Object.keys(publicTexts.pt).sort();
    for (const lang of PUBLIC_LANGS) expect(Object.keys(publicTexts[lang]).sort()).toEqual(keys);
    expect(publicTexts.es.evidence('06/12/2026', 'ACT')).toBe(
      'Firmas válidas el 06/12/2026 — sello de tiempo de ACT',
    );
    expect(publicTexts.en.evidence('06/12/2026', 'ACT')).toBe(
      'Signatures valid on 06/12/2026 — timestamp by ACT',
    );
    expect(publicTexts.pt.evidence('06/12/2026', 'ACT')).toBe(
      'Assinaturas válidas em 06/12/2026 — carimbo do tempo de ACT',
    );
    const strings = (lang: (typeof PUBLIC_LANGS)[number]) =>
      Object.values(publicTexts[lang]).filter((v): v is string => typeof v === 'string');
    // Translated, not copied: most plain texts differ between Portuguese and the others.
    const same = strings('pt').filter((text, i) => text === strings('en')[i]);
    expect(same.length).toBeLessThan(5);
  });
});
