// Shared by the browser tests (and tests/ecosystem): Debian's Chromium through playwright-core
// and a static server.
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from '../../scripts/serve.js';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export { serve };

// Without the background-networking flags Chromium keeps dialling out, which this machine refuses.
export function launchChromium() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

/** Opens url, waits for window.done; console errors and page errors are problems, warnings are kept. */
export async function runPage(browser, url, { initScript } = {}) {
  const page = await browser.newPage();
  if (initScript !== undefined) await page.addInitScript(initScript);
  const problems = [];
  const warnings = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    if (m.type() === 'warning') warnings.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  try {
    await page.goto(url);
    await page.waitForFunction(() => window.done === true || window.failed !== undefined, null, { timeout: 30000 });
    const result = await page.evaluate(() => ({ failed: window.failed, result: window.result, threads: window.threads }));
    if (result.failed !== undefined) problems.push(`page: ${result.failed}`);
    return { ...result, problems, warnings };
  } finally {
    await page.close();
  }
}

// The page script every browser test runs: a broadcast multiply and a float16 divide.
export const PAGE_SCRIPT = `
  try {
    await init();
    const c = multiply({ data: new Float32Array([1, 2]), shape: [2, 1] }, { data: new Float32Array([3, 4, 5]), shape: [1, 3] });
    const h = divide({ data: new Uint16Array([0x3c00, 0x4000]), shape: [2], dtype: 'float16' }, 0.5);
    window.result = { shape: c.shape, data: Array.from(c.data), half: Array.from(new Uint16Array(h.data.buffer)),
                      halfClass: h.data.constructor.name };
    window.done = true;
  } catch (e) {
    window.failed = String(e && e.stack || e);
  }`;

export const EXPECTED = { shape: [2, 3], data: [3, 4, 5, 6, 8, 10], half: [0x4000, 0x4400] };
