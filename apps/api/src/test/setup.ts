import { afterAll, afterEach } from 'vitest';
import { collect5xx, takeUnexpected5xx } from './expect-5xx';

/**
 * Every API test file: a 5xx any app answered during a test fails that test, listing the route and the stack,
 * unless the test declared it with expect5xx(); one answered outside a test (beforeAll…) fails the file.
 */
collect5xx();

afterEach(() => {
  const message = takeUnexpected5xx();
  if (message) throw new Error(message);
});

afterAll(() => {
  const message = takeUnexpected5xx();
  if (message) throw new Error(message);
});
