// Frameworks, each in a fresh project with the tarball installed and no configuration file:
// built and served with the framework's own command line, dev server and production build,
// checked on the server (a route handler, a server-rendered page) and in Chromium (a client
// component).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { EXPECTED, freePort, inChromium, launchChromium, project, run, runPage, serve, startServer } from './helpers.js';

const bin = (dir, name) => join(dir, 'node_modules', '.bin', name);
const env = { NEXT_TELEMETRY_DISABLED: '1' };

// A running app's answers: its endpoint's JSON at apiPath, the result its page rendered on the
// server (in <pre id="server">), and the result the page at pagePath computes in Chromium.
async function checkApp(port, apiPath, pagePath = '/') {
  const base = `http://127.0.0.1:${port}`;
  const api = await fetch(`${base}${apiPath}`);
  const apiText = await api.text();
  assert.equal(api.status, 200, apiText);
  assert.deepEqual(JSON.parse(apiText), EXPECTED);
  const page = await (await fetch(`${base}${pagePath}`)).text();
  const rendered = page.match(/<pre id="server"[^>]*>([^<]*)<\/pre>/);
  assert.ok(rendered !== null, `no server-rendered result in the page:\n${page.slice(0, 2000)}`);
  assert.deepEqual(JSON.parse(rendered[1].replaceAll('&quot;', '"').replaceAll('&#34;', '"')), EXPECTED);
  assert.deepEqual(await inChromium(null, pagePath, { server: { address: () => ({ port }) } }), EXPECTED);
}

// Runs `command` (a server on `port`) until apiPath answers, checks the app and then `more`
// (given the port), stops it.
async function whileServing(command, args, port, apiPath, options, more = async () => {}) {
  const server = await startServer(command, args, `http://127.0.0.1:${port}${apiPath}`, options);
  try {
    await checkApp(port, apiPath);
    await more(port);
  } catch (error) {
    error.message += `\n${args.join(' ')} said:\n${server.log()}`;
    throw error;
  } finally {
    await server.stop();
  }
}

// The route handler importing tensorwise/file: webpack's server build gives the .wasm it emits a
// site's URL (/_next/static/media/...), which Node cannot load; the threaded build loads too.
async function checkFileRoute(port) {
  const response = await fetch(`http://127.0.0.1:${port}/api/check-file`);
  const text = await response.text();
  assert.equal(response.status, 200, text);
  assert.deepEqual(JSON.parse(text), EXPECTED);
  assert.equal(response.headers.get('x-threads'), String(Math.min(16, availableParallelism())));
}

for (const [bundler, flags] of [['Turbopack', []], ['webpack', ['--webpack']]]) {
  test(`Next.js 16 with ${bundler}: next build and next start, next dev (route handlers with tensorwise and tensorwise/file, server component, client component)`, async () => {
    const dir = await project(`next-${bundler.toLowerCase()}`, { fixture: 'next' });
    await run(bin(dir, 'next'), ['build', ...flags], { cwd: dir, env: { ...process.env, ...env } });
    for (const command of [['start'], ['dev', ...flags]]) {
      const port = await freePort();
      await whileServing(bin(dir, 'next'), [...command, '-p', String(port), '-H', '127.0.0.1'], port, '/api/check', { cwd: dir, env },
        checkFileRoute);
    }
  });
}

test('SvelteKit 2 with adapter-node: vite build and node build, vite dev (an endpoint, server-side rendering, the page)', async () => {
  const dir = await project('sveltekit');
  await run(bin(dir, 'vite'), ['build'], { cwd: dir });
  let port = await freePort();
  await whileServing('node', ['build'], port, '/api/check', { cwd: dir, env: { PORT: String(port), HOST: '127.0.0.1' } });
  port = await freePort();
  await whileServing(bin(dir, 'vite'), ['dev', '--port', String(port), '--host', '127.0.0.1', '--strictPort'], port, '/api/check', { cwd: dir });
});

test('Astro 5 with a Preact island: astro build served as files, astro dev (an endpoint, the page rendered by Astro, the island)', async () => {
  const dir = await project('astro');
  await run(bin(dir, 'astro'), ['build'], { cwd: dir, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
  const server = await serve(join(dir, 'dist'));
  try {
    await checkApp(server.address().port, '/api/check.json', '/index.html');
  } finally {
    server.close();
  }
  const port = await freePort();
  await whileServing(bin(dir, 'astro'), ['dev', '--port', String(port), '--host', '127.0.0.1'], port, '/api/check.json',
    { cwd: dir, env: { ASTRO_TELEMETRY_DISABLED: '1' } });
});

// Angular's application builder (esbuild) emits no asset for new URL('./x.wasm', import.meta.url):
// with tensorwise/file the app needs the .wasm files copied beside its chunks, one assets entry.
const ANGULAR_ASSETS = [{ glob: 'tensorwise*.wasm', input: 'node_modules/tensorwise/dist', output: '/' }];

test("Angular 20 (application builder): ng build with the default import; tensorwise/file with docs/hosts.md's assets entry, threads when isolated", async () => {
  const dir = await project('angular');
  const ng = (args) => run(bin(dir, 'ng'), args, { cwd: dir, env: { ...process.env, NG_CLI_ANALYTICS: 'false' } });
  const browser = join(dir, 'dist', 'app', 'browser');
  await ng(['build']);
  assert.deepEqual(await inChromium(browser), EXPECTED);

  const main = join(dir, 'src', 'main.ts');
  writeFileSync(main, readFileSync(main, 'utf8').replace("from 'tensorwise';", "from 'tensorwise/file';"));
  const config = JSON.parse(readFileSync(join(dir, 'angular.json'), 'utf8'));
  config.projects.app.architect.build.options.assets = ANGULAR_ASSETS;
  writeFileSync(join(dir, 'angular.json'), JSON.stringify(config, null, 2));
  await ng(['build']);
  assert.deepEqual(await inChromium(browser), EXPECTED);
  const server = await serve(browser, 0, { isolated: true });
  const chromium = await launchChromium();
  try {
    const { result, threads, problems, warnings } = await runPage(chromium, `http://127.0.0.1:${server.address().port}/index.html`);
    assert.deepEqual(problems, []);
    assert.deepEqual(result, EXPECTED);
    assert.equal(threads, Math.min(16, availableParallelism()));
    assert.deepEqual(warnings, []);
  } finally {
    await chromium.close();
    server.close();
  }
});
