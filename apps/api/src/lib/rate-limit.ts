import type { Config } from '../config';

/**
 * The per-address limit of the forms anyone can post without a token (forgot password, public sign-up, the
 * pendency link): half of what the token endpoint allows.
 */
export function publicRateLimit(config: Pick<Config, 'rateLimitPerMinute'>) {
  return { max: Math.max(1, Math.ceil(config.rateLimitPerMinute / 2)), timeWindow: '1 minute' };
}
