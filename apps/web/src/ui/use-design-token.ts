import type { GlobalToken } from 'antd';
import useToken from 'antd/es/theme/useToken';

/**
 * The design tokens in effect (antd's `theme.useToken().token`), read through the hook's own module: antd's `theme`
 * object also carries the dark and compact algorithms, which then ride in every chunk that reads a token — the
 * first screen's among them (issue 39).
 */
export function useDesignToken(): GlobalToken {
  return useToken()[1];
}
