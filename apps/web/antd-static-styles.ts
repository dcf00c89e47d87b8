import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/**
 * antd's component styles as one static stylesheet (issue 21): with `theme.zeroRuntime` (src/app/providers.tsx) the
 * first render no longer generates and injects each component's CSS, which held the first paint of every signed-in
 * screen behind script work. The browser parses this file while the entry script downloads instead. The theme's
 * tokens still arrive at runtime as CSS variables (our colours included), so the file carries no colour of its own.
 *
 * src/main.tsx imports `antd/dist/antd.css`; this plugin adjusts it on its way into the build:
 * - drops the rules antd's build wrote for its default tokens under generated class names (`.css-var-_R_…`), which
 *   no element of ours carries: 80 KB the browser would parse for nothing;
 * - scopes the bare `a`, `a:hover`, `a:focus`… rules to links inside antd's components, as the runtime did
 *   (`:where(.css-<hash>) a`, no added specificity): unscoped they painted the links of our own markup outside any
 *   component (the login page's "pré-cadastro") in an undefined colour, without underline or focus outline;
 * - adds the icons' base styles, which @ant-design/icons injects itself unless zeroRuntime is on.
 */
const ANTD_CSS = /[\\/]antd[\\/]dist[\\/]antd\.css$/;
const DEFAULT_TOKEN_RULE = /\.css-var-_R_[\w-]*[^{}]*\{[^{}]*\}/g;
const BARE_LINK_SELECTOR = /(?<=^|\})a(?=(?::(?:hover|active|focus|focus-visible)|\[disabled\])?\{)/g;
const INSIDE_A_COMPONENT = ':where([class^="ant-"],[class*=" ant-"]) a';

export function antdStaticStyles(): Plugin {
  const require = createRequire(import.meta.url);
  const { iconStyles } = require('@ant-design/icons/lib/utils') as { iconStyles: string };
  return {
    name: 'origem:antd-static-styles',
    transform(code, id) {
      if (!ANTD_CSS.test(id.split('?')[0] ?? '')) return null;
      const css = code.replace(DEFAULT_TOKEN_RULE, '').replace(BARE_LINK_SELECTOR, INSIDE_A_COMPONENT);
      return { code: `${css}\n${iconStyles}`, map: null };
    },
  };
}
