// The ecosystem tests: the `npm pack` tarball installed into a fresh project per setting, with
// the real tool (pinned in the fixture's package.json) as a devDependency, then built and run
// the way a user would, with no configuration, checking the numbers computed.
//
// Fixture sources live in tests/ecosystem/<name>/; the working projects are made under
// build/ecosystem/<name>/ (git-ignored). Their node_modules are kept between runs, so a second
// run only installs the new tarball; npm's own cache (~/.npm) is shared by all of them.
import { execFile, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

export { launchChromium, runPage, serve } from '../browser/helpers.js';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = fileURLToPath(new URL('.', import.meta.url));
const work = join(repoRoot, 'build', 'ecosystem');

export const EXPECTED = JSON.parse(readFileSync(join(fixtures, 'expected.json'), 'utf8'));

const execFileAsync = promisify(execFile);

/** Runs a command; resolves with { stdout, stderr }, rejects with both in the message. */
export async function run(command, args, options = {}) {
  try {
    return await execFileAsync(command, args, { encoding: 'utf8', maxBuffer: 64 << 20, timeout: 300000, ...options });
  } catch (e) {
    throw new Error(`${command} ${args.join(' ')} failed (${e.code ?? e.signal}):\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
  }
}

let packed = null;
/**
 * The tarball: TW_TARBALL (scripts/test.sh packs once for every test file), or packed here
 * once per process.
 */
export async function tarball() {
  if (process.env.TW_TARBALL) return process.env.TW_TARBALL;
  if (packed === null) {
    const dir = join(work, 'pack', String(process.pid));
    mkdirSync(dir, { recursive: true });
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: repoRoot });
    packed = join(dir, JSON.parse(stdout)[0].filename);
  }
  return packed;
}

/**
 * build/ecosystem/<name>: the fixture's files (tests/ecosystem/<fixture>: its package.json pins the tool), the shared
 * src/app.js and, for bundler projects, src/main.js and index.html, then
 * `npm install <tarball>`. Returns the project's path.
 */
export async function project(name, { fixture = name, browserEntry = false } = {}) {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  // A fresh copy of the sources; node_modules stays as a cache of the tools.
  for (const entry of readdirSync(dir)) {
    if (entry !== 'node_modules') rmSync(join(dir, entry), { recursive: true, force: true });
  }
  rmSync(join(dir, 'node_modules', 'tensorwise'), { recursive: true, force: true });
  rmSync(join(dir, 'node_modules', '.package-lock.json'), { force: true });
  cpSync(join(fixtures, fixture), dir, { recursive: true });
  mkdirSync(join(dir, 'src'), { recursive: true });
  cpSync(join(fixtures, 'app.js'), join(dir, 'src', 'app.js'));
  if (browserEntry) {
    cpSync(join(fixtures, 'main.js'), join(dir, 'src', 'main.js'));
    if (!existsSync(join(dir, 'index.html'))) cpSync(join(fixtures, 'index.html'), join(dir, 'index.html'));
  }
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', await tarball()], { cwd: dir });
  return dir;
}

/** The JSON line a Node-side check printed. */
export function printed(stdout) {
  const line = stdout.trim().split('\n').reverse().find((l) => l.startsWith('{'));
  if (line === undefined) throw new Error(`no result printed:\n${stdout}`);
  return JSON.parse(line);
}

/** Serves dir, opens path in Chromium, returns what the page computed; fails on any console error. */
export async function inChromium(dir, path = '/index.html', { server: given } = {}) {
  const { launchChromium, runPage, serve } = await import('../browser/helpers.js');
  const server = given ?? (await serve(dir));
  const browser = await launchChromium();
  try {
    const { result, problems } = await runPage(browser, `http://127.0.0.1:${server.address().port}${path}`);
    if (problems.length) throw new Error(problems.join('\n'));
    return result;
  } finally {
    await browser.close();
    if (!given) server.close();
  }
}

export function writeFile(dir, name, text) {
  writeFileSync(join(dir, name), text);
}

/** A TCP port free on 127.0.0.1 a moment ago, for a server the test starts. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    }).on('error', reject);
  });
}

/**
 * Starts a long-running command (a dev or production server) and waits until `url` answers (any
 * status). Resolves with { log, stop }: what it printed so far, and stop() (await it: the process
 * has exited). Rejects with its output if it exits first or does not answer within timeoutMs.
 */
export async function startServer(command, args, url, { cwd, env, timeoutMs = 120000 } = {}) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, detached: true });
  let output = '';
  child.stdout.on('data', (d) => { output += d; });
  child.stderr.on('data', (d) => { output += d; });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  let gone = false;
  exited.then(() => { gone = true; });
  const stop = async () => {
    if (!gone) {
      try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ }
      await exited;
    }
  };
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (gone) throw new Error(`${command} ${args.join(' ')} exited before ${url} answered:\n${output}`);
    const answered = await fetch(url).then(() => true, () => false);
    if (answered) return { log: () => output, stop };
    if (Date.now() > end) {
      await stop();
      throw new Error(`${command} ${args.join(' ')}: ${url} did not answer in ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
