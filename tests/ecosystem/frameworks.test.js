// Frameworks, each in a fresh project with the tarball installed and no configuration file:
// built and served with the framework's own command line, dev server and production build,
// checked on the server (a route handler, a server-rendered page) and in Chromium (a client
// component).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { EXPECTED, freePort, inChromium, project, run, startServer } from './helpers.js';

const bin = (dir, name) => join(dir, 'node_modules', '.bin', name);
const env = { NEXT_TELEMETRY_DISABLED: '1' };

// The server's answers and the client component's result, on a running Next.js server.
async function checkNext(port) {
  const base = `http://127.0.0.1:${port}`;
  const route = await fetch(`${base}/api/check`);
  const routeText = await route.text();
  assert.equal(route.status, 200, routeText);
  assert.deepEqual(JSON.parse(routeText), EXPECTED);
  const page = await (await fetch(base)).text();
  const rendered = page.match(/<pre id="server">([^<]*)<\/pre>/);
  assert.ok(rendered !== null, `no server-rendered result in the page:\n${page.slice(0, 2000)}`);
  assert.deepEqual(JSON.parse(rendered[1].replaceAll('&quot;', '"')), EXPECTED);
  assert.deepEqual(await inChromium(null, '/', { server: { address: () => ({ port }) } }), EXPECTED);
}

for (const [bundler, flags] of [['Turbopack', []], ['webpack', ['--webpack']]]) {
  test(`Next.js 16 with ${bundler}: next build and next start, next dev (route handler, server component, client component)`, async () => {
    const dir = await project(`next-${bundler.toLowerCase()}`, { fixture: 'next' });
    await run(bin(dir, 'next'), ['build', ...flags], { cwd: dir, env: { ...process.env, ...env } });
    for (const command of [['start'], ['dev', ...flags]]) {
      const port = await freePort();
      const server = await startServer(bin(dir, 'next'), [...command, '-p', String(port), '-H', '127.0.0.1'], `http://127.0.0.1:${port}/api/check`, { cwd: dir, env });
      try {
        await checkNext(port);
      } catch (error) {
        error.message += `\nnext ${command.join(' ')} said:\n${server.log()}`;
        throw error;
      } finally {
        await server.stop();
      }
    }
  });
}
