// Import circles among TypeScript sources (issue 35): a module that ends up importing itself through others. Read
// by check-boundaries.mjs. Built from the source text alone (no compiler): the repository takes a tenth of a second.
import { readFileSync } from 'node:fs';
import path from 'node:path';

// Every kind of import counts. `import … from`, `export … from` and the bare `import 'x'`, each at the start of a
// line with its clause spelled out (default, `* as ns`, `{ … }`). `import type`/`export type` and `typeof import('x')`:
// a circle of types still ties two layers together. A dynamic `import('x')`: it cannot meet a half-loaded module, but
// it is a dependency all the same (ui/feedback.tsx ↔ feedback-host.tsx, issue 35, was a circle only through one).
const STATIC_IMPORT =
  /^[ \t]*(?:(import|export)\s+(type\s+)?(?:\*(?:\s+as\s+[\w$]+)?|\{[^}]*\}|[\w$]+(?:\s*,\s*(?:\{[^}]*\}|\*\s+as\s+[\w$]+))?)\s*from\s*|import\s*)['"]([^'"\n]+)['"]/gm;
const IMPORT_CALL = /(\btypeof\s+)?\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;

// What may stand before a `/` that opens a regular expression (rather than a division): an operator, an opening
// bracket, or nothing.
const BEFORE_REGEX = /[(,=:[!&|?{};+\-*%<>~^]/;
const CODE_TOKEN = /\/\/|\/\*|['"`{}/]/g;
const TEMPLATE_TOKEN = /\\[\s\S]|`|\$\{/g;

/** The last character before `at` that is not white space (`;` at the start). */
function previousChar(text, at) {
  let k = at - 1;
  while (k >= 0 && /\s/.test(text[k])) k -= 1;
  return k < 0 ? ';' : text[k];
}

/**
 * The source with its comments, template literals and regular expressions blanked (line breaks kept), so that an
 * import quoted in a comment, or in a template that writes a file, is not read as one. Quoted strings stay: they
 * hold the specifiers. A template's `${…}` is code and is read.
 */
export function codeOnly(text) {
  let out = '';
  let copied = 0;
  const blank = (from, to) => {
    out += text.slice(copied, from) + text.slice(from, to).replace(/[^\n]/g, ' ');
    copied = to;
  };
  // The template literals open around the cursor, each with the brace depth of its `${…}` (-1: in its text).
  const templates = [];
  let i = 0;
  while (i < text.length) {
    if (templates.at(-1) === -1) {
      TEMPLATE_TOKEN.lastIndex = i;
      let hit = TEMPLATE_TOKEN.exec(text);
      while (hit?.[0].startsWith('\\')) hit = TEMPLATE_TOKEN.exec(text);
      blank(i, hit ? hit.index : text.length);
      if (!hit) break;
      if (hit[0] === '`') templates.pop();
      else templates[templates.length - 1] = 0;
      i = hit.index + hit[0].length;
      continue;
    }
    CODE_TOKEN.lastIndex = i;
    const hit = CODE_TOKEN.exec(text);
    if (!hit) break;
    const at = hit.index;
    const token = hit[0];
    i = at + 1;
    if (token === '//') {
      const end = text.indexOf('\n', at);
      i = end < 0 ? text.length : end;
      blank(at, i);
    } else if (token === '/*') {
      const end = text.indexOf('*/', at + 2);
      i = end < 0 ? text.length : end + 2;
      blank(at, i);
    } else if (token === "'" || token === '"') {
      while (i < text.length && text[i] !== token && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
      i += 1;
    } else if (token === '`') templates.push(-1);
    else if (token === '{') {
      if (templates.length > 0) templates[templates.length - 1] += 1;
    } else if (token === '}') {
      // The `}` that closes a `${` goes back to the template's text.
      if (templates.length > 0) templates[templates.length - 1] -= 1;
    } else if (BEFORE_REGEX.test(previousChar(text, at))) {
      let inClass = false;
      while (i < text.length && text[i] !== '\n' && (inClass || text[i] !== '/')) {
        if (text[i] === '[') inClass = true;
        else if (text[i] === ']') inClass = false;
        i += text[i] === '\\' ? 2 : 1;
      }
      i += 1;
      blank(at, Math.min(i, text.length));
    }
  }
  return out + text.slice(copied);
}

/** The imports of a TypeScript source: `{ specifier, kind }`, kind `value`, `type` (types only) or `dynamic`. */
export function moduleImports(text) {
  const code = codeOnly(text);
  const found = [];
  for (const match of code.matchAll(STATIC_IMPORT)) {
    found.push({ specifier: match[3], kind: match[2] ? 'type' : 'value' });
  }
  for (const match of code.matchAll(IMPORT_CALL)) {
    found.push({ specifier: match[2], kind: match[1] ? 'type' : 'dynamic' });
  }
  return found;
}

// Two imports of the same module: a value import says the most, then a dynamic one.
const STRENGTH = { type: 0, dynamic: 1, value: 2 };
const ARROWS = { value: '→', type: '⇢', dynamic: '↝' };

/**
 * The workspace packages' `exports` patterns (`"./*": "./src/*.ts"`) as prefixes, so that `@origem/contract/flows`
 * resolves to packages/contract/src/flows.ts and a circle through a package is seen like any other.
 */
export function workspaceAliases(root, dirs) {
  const aliases = [];
  for (const dir of dirs) {
    let manifest;
    try {
      manifest = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
    } catch {
      continue;
    }
    const target = manifest.exports?.['./*'];
    if (typeof target !== 'string' || !target.endsWith('*.ts')) continue;
    aliases.push({
      prefix: `${manifest.name}/`,
      dir: path.posix.join(dir, target.slice(0, -'*.ts'.length)),
    });
  }
  return aliases;
}

const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The source file an import names, among `known` (repo-relative paths), or null (a package, or outside). */
function resolve(from, specifier, known, aliases) {
  let base;
  if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(from), specifier);
  else {
    const alias = aliases.find((a) => specifier.startsWith(a.prefix));
    if (!alias) return null;
    base = path.posix.join(alias.dir, specifier.slice(alias.prefix.length));
  }
  // TypeScript lets `./x.js` name ./x.ts.
  const stems = /\.(js|jsx)$/.test(base) ? [base, base.replace(/\.jsx?$/, '')] : [base];
  for (const stem of stems) {
    for (const suffix of CANDIDATES) {
      if (known.has(stem + suffix)) return stem + suffix;
    }
  }
  return null;
}

/** Strongly connected components of more than one file, or of one that imports itself (Tarjan). */
function circularComponents(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let counter = 0;
  const visit = (file) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file).keys()) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file), low.get(next)));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), index.get(next)));
    }
    if (low.get(file) !== index.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file).has(file)) components.push(new Set(component));
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return components;
}

/** The shortest path from `from` to `to` inside a component (breadth first), `from` and `to` included. */
function shortestPath(graph, component, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === to) break;
    for (const next of [...graph.get(file).keys()].sort()) {
      if (component.has(next) && !previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  const route = [to];
  while (route[0] !== from) route.unshift(previous.get(route[0]));
  return route;
}

/**
 * The import circles among `sources` (a Map of repo-relative path → text): for each tangle, enough circles to cover
 * every import inside it, each a list of `{ file, kind }` in import order (kind: how it imports the next file),
 * starting at its alphabetically first file.
 */
export function importCycles(sources, aliases = []) {
  const known = new Set(sources.keys());
  /** file → (imported file → kind) */
  const graph = new Map();
  for (const [file, text] of sources) {
    const edges = new Map();
    for (const { specifier, kind } of moduleImports(text)) {
      const target = resolve(file, specifier, known, aliases);
      if (target && STRENGTH[kind] >= STRENGTH[edges.get(target) ?? 'type']) edges.set(target, kind);
    }
    graph.set(file, edges);
  }
  const cycles = [];
  const seen = new Set();
  for (const component of circularComponents(graph)) {
    const covered = new Set();
    for (const file of [...component].sort()) {
      for (const next of [...graph.get(file).keys()].sort()) {
        if (!component.has(next) || covered.has(`${file}\n${next}`)) continue;
        const loop =
          next === file ? [file] : [file, ...shortestPath(graph, component, next, file).slice(0, -1)];
        const first = loop.indexOf([...loop].sort()[0]);
        const ordered = [...loop.slice(first), ...loop.slice(0, first)];
        const key = ordered.join('\n');
        for (const [i, at] of ordered.entries()) covered.add(`${at}\n${ordered[(i + 1) % ordered.length]}`);
        if (seen.has(key)) continue;
        seen.add(key);
        cycles.push(
          ordered.map((at, i) => ({
            file: at,
            kind: graph.get(at).get(ordered[(i + 1) % ordered.length]),
          })),
        );
      }
    }
  }
  return cycles;
}

/** `a.ts → b.ts ⇢ c.ts ↝ a.ts`: ⇢ imports types only, ↝ is a dynamic `import()`. */
export function formatCycle(cycle) {
  return [...cycle.map(({ file, kind }) => `${file} ${ARROWS[kind]} `), cycle[0].file].join('');
}
