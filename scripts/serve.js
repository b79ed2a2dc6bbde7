// A static file server for the demo (and the browser tests): the repository root, with /
// leading to /demo/. PORT overrides 8080. `npm start` serves the demo cross-origin isolated
// (COOP/COEP), so that its pages may use threads (docs/contract.md, "Threads").
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm', '.json': 'application/json', '.png': 'image/png',
  '.svg': 'image/svg+xml', '.ts': 'text/plain; charset=utf-8',
};

// The two headers that make a page cross-origin isolated: SharedArrayBuffer, and so wasm
// threads, are only there in such a page.
export const ISOLATION_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
};

/** Serves root on port (0: any free one); `isolated` adds the COOP/COEP headers to every response. */
export function serve(root, port = 0, { isolated = false } = {}) {
  const extra = isolated ? ISOLATION_HEADERS : {};
  const base = resolve(root);
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      if (path === '/') {
        res.writeHead(302, { location: '/demo/', ...extra });
        res.end();
        return;
      }
      let file = normalize(join(base, path));
      if (!file.startsWith(base)) throw new Error('outside root');
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store', ...extra,
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain', ...extra });
      res.end('not found');
    }
  });
  return new Promise((ok) => server.listen(port, '127.0.0.1', () => ok(server)));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 8080);
  const root = fileURLToPath(new URL('..', import.meta.url));
  const server = await serve(root, port, { isolated: true });
  console.log(`tensorwise demo: http://localhost:${server.address().port}/demo/ (cross-origin isolated: threads on)`);
}
