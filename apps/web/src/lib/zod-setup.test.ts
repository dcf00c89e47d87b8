import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodWithoutEval } from './zod-setup';

describe('zod without eval (issue 24: a policy without unsafe-eval)', () => {
  it('turns on the jitless mode zod reads, and keeps the other settings', () => {
    zodWithoutEval();
    expect(z.config().jitless).toBe(true);
    expect(z.config().localeError).toBeDefined();
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
