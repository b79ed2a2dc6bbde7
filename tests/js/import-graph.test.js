// The import graph of web/, read from the sources (every static `import ... from` and `export
// ... from` of a relative path): no module imports itself back through others, no two folders
// import each other, and the helpers every folder shares (web/'s top level, but the entry
// index.js) import nothing from a folder. A change that makes a cycle, or a folder that reaches
// back into one that uses it, fails here with the path or the two imports that make it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB = fileURLToPath(new URL('../../web/', import.meta.url));

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.js') ? [path] : [];
  });
}

// Each module of web/ and the modules of web/ it imports (paths relative to web/).
function graph() {
  const edges = new Map();
  for (const file of sources(WEB)) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+'(\.{1,2}\/[^']+)'/gms)]
      .map((m) => resolve(dirname(file), m[1]))
      .filter((path) => path.startsWith(WEB))
      .map((path) => relative(WEB, path));
    edges.set(relative(WEB, file), targets);
  }
  return edges;
}

const folderOf = (path) => (path.includes('/') ? path.slice(0, path.indexOf('/')) : '.');

test('the graph is read: every module is found and the entry imports the folders', () => {
  const edges = graph();
  assert.ok(edges.size > 30, `${edges.size} modules`);
  for (const targets of edges.values()) for (const t of targets) assert.ok(edges.has(t), `an import of ${t}, which is not a module`);
  assert.ok(edges.get('index.js').some((t) => t.startsWith('api/')));
});

test('web/ has no import cycle', () => {
  const edges = graph();
  const state = new Map(); // 1: on the path, 2: done
  const path = [];
  const visit = (module) => {
    state.set(module, 1);
    path.push(module);
    for (const t of edges.get(module)) {
      if (state.get(t) === 1) assert.fail(`an import cycle: ${[...path.slice(path.indexOf(t)), t].join(' -> ')}`);
      if (!state.has(t)) visit(t);
    }
    path.pop();
    state.set(module, 2);
  };
  for (const module of edges.keys()) if (!state.has(module)) visit(module);
});

test('no two folders of web/ import each other; the shared top-level helpers import no folder', () => {
  const edges = graph();
  const between = new Map(); // 'a b' -> the first import from folder a into folder b
  for (const [module, targets] of edges) {
    for (const t of targets) {
      const from = folderOf(module), to = folderOf(t);
      if (from === to) continue;
      if (from === '.') {
        assert.equal(module, 'index.js', `${module}, a helper every folder may use, imports ${t} from a folder`);
        continue;
      }
      if (to === '.') continue;
      if (!between.has(`${from} ${to}`)) between.set(`${from} ${to}`, `${module} -> ${t}`);
    }
  }
  for (const [pair, first] of between) {
    const [a, b] = pair.split(' ');
    assert.ok(!between.has(`${b} ${a}`), `folders ${a} and ${b} import each other: ${first}, and ${between.get(`${b} ${a}`)}`);
  }
});
