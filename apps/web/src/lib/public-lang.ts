import { type PublicLang, publicLangOf, publicTexts } from '@origem/contract/public-i18n';
import { useEffect, useState } from 'react';

/**
 * The public pages' language (issue 37): the reader's choice when they made one (kept in this browser), else the
 * first of the browser's languages we speak; the page's `lang` follows, for screen readers and translation tools.
 */
const KEY = 'origem.public-lang';

function initial(): PublicLang {
  const chosen = typeof localStorage === 'undefined' ? null : localStorage.getItem(KEY);
  if (chosen === 'pt' || chosen === 'es' || chosen === 'en') return chosen;
  return publicLangOf(
    typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? [navigator.language])],
  );
}

export function usePublicLang() {
  const [lang, setLang] = useState<PublicLang>(initial);
  useEffect(() => {
    const previous = document.documentElement.lang;
    document.documentElement.lang = lang === 'pt' ? 'pt-BR' : lang;
    return () => {
      document.documentElement.lang = previous;
    };
  }, [lang]);
  const choose = (next: PublicLang) => {
    localStorage.setItem(KEY, next);
    setLang(next);
  };
  return { lang, t: publicTexts[lang], choose };
}
