import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The name of every file below `dir`, at any depth, sorted (none when `dir` does not exist). */
export function fileNamesUnder(dir: string): string[] {
  const names: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const full = path.join(folder, name);
      if (statSync(full).isDirectory()) walk(full);
      else names.push(name);
    }
  };
  if (existsSync(dir)) walk(dir);
  return names.sort();
}
