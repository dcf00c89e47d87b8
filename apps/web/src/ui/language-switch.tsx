import { PUBLIC_LANGS, type PublicLang, publicTexts } from '@origem/contract/public-i18n';
import { Segmented } from 'antd';

/** The visible language switch of the public pages: Português · Español · English. */
export function LanguageSwitch({
  lang,
  onChange,
}: {
  lang: PublicLang;
  onChange: (lang: PublicLang) => void;
}) {
  return (
    <Segmented<PublicLang>
      aria-label={publicTexts[lang].langLabel}
      value={lang}
      onChange={onChange}
      options={PUBLIC_LANGS.map((code) => ({
        value: code,
        label: <span lang={code === 'pt' ? 'pt-BR' : code}>{publicTexts[code].langName}</span>,
      }))}
    />
  );
}
