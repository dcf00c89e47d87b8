import { recorded5xx, SERVER_5XX_FILE } from './server-5xx';

/** Playwright's global teardown: the run fails when the server answered any 5xx, listing each with its stack. */
export default function teardown(): void {
  const found = recorded5xx();
  if (found.length === 0) return;
  throw new Error(
    `o servidor respondeu ${found.length} vez(es) com 5xx durante os testes (${SERVER_5XX_FILE}):\n${found.join('\n')}`,
  );
}
