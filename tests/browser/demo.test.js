// The demo page in Chromium, served the way `npm start` serves it: every preset, an error case,
// a pasted IR layer, the speed panel, no console errors; screenshots go to test-results/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium, repoRoot, serve } from './helpers.js';

const shots = join(repoRoot, 'test-results', 'demo');
let browser;
let server;
let page;
const problems = [];

before(async () => {
  mkdirSync(shots, { recursive: true });
  server = await serve(repoRoot);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`http://127.0.0.1:${server.address().port}/`); // / leads to /demo/
  await page.waitForFunction(() => window.tensorwiseDemoReady === true, null, { timeout: 30000 });
});

after(async () => {
  await browser?.close();
  server?.close();
});

// What each preset must show, from the specifications.
const SHAPES = {
  'OpenVINO Multiply: 256×56 by 256×56': '[256, 56]',
  'OpenVINO Multiply: 8×1×6×1 by 7×1×5 → 8×7×6×5': '[8, 7, 6, 5]',
  'OpenVINO Divide: auto_broadcast none, pythondiv': '[256, 56]',
  'OpenVINO Divide: numpy, pythondiv false': '[8, 7, 6, 5]',
  'ONNX Mul: [1,2,3] by [4,5,6]': '[3]',
  'ONNX Mul: 3×4×5 by 3×4×5': '[3, 4, 5]',
  'ONNX Mul: uint8 3×4×5': '[3, 4, 5]',
  'ONNX Mul: 3×4×5 by 5': '[3, 4, 5]',
  'Small: 2×1×3 by 4×1 (values shown)': '[2, 4, 3]',
};

test('every preset computes and shows the shape the specifications give', async () => {
  const presets = await page.evaluate(() => window.demo.PRESETS.map((p) => p.name));
  for (let i = 0; i < presets.length; ++i) {
    const name = presets[i];
    await page.selectOption('#preset', String(i));
    const shown = await page.textContent('#result-shape');
    const error = await page.isVisible('#error');
    if (name.startsWith('Error:')) {
      assert.ok(error, `${name}: an error is shown`);
      continue;
    }
    assert.equal(error, false, `${name}: ${await page.textContent('#error')}`);
    const want = SHAPES[name] ?? '[2, 3, 4, 5]'; // every legacy and PaddlePaddle example keeps A's shape
    assert.equal(shown, want, name);
  }
  assert.deepEqual(problems, []);
});

test('the ONNX example values come from the module: [1,2,3] * [4,5,6]', async () => {
  const i = await page.evaluate(() => window.demo.PRESETS.findIndex((p) => p.name.startsWith('ONNX Mul: [1,2,3]')));
  await page.selectOption('#preset', String(i));
  const cells = await page.$$eval('td[id^="vr-"]', (tds) => tds.map((td) => td.textContent));
  assert.deepEqual(cells, ['4', '10', '18']);
});

test('an error names the shapes and marks the conflicting axis', async () => {
  await page.fill('#shape-a', '3,1,5');
  await page.fill('#shape-b', '4,4,5');
  await page.selectOption('#mode', 'numpy');
  await page.click('#compute');
  const message = await page.textContent('#error');
  // A BroadcastError (a RangeError) since 5b1edaf.
  assert.match(message, /BroadcastError: cannot broadcast shapes \[3,1,5\] and \[4,4,5\].*axis 0/);
  assert.equal(await page.locator('table.dims thead th.conflict').count(), 1);
  await page.screenshot({ path: join(shots, 'error.png'), fullPage: true });
});

test('hovering a result cell marks the cells of A and B it came from', async () => {
  const i = await page.evaluate(() => window.demo.PRESETS.findIndex((p) => p.name.startsWith('Small:')));
  await page.selectOption('#preset', String(i));
  await page.focus('#vr-5'); // result [2,4,3]: element 5 is (0,1,2): A (0,0,2) = index 2, B (1,0) = index 1
  assert.deepEqual(await page.$$eval('td.source', (tds) => tds.map((td) => td.id)), ['va-2', 'vb-1']);
  await page.screenshot({ path: join(shots, 'values.png'), fullPage: true });
});

test('a pasted OpenVINO IR layer is read, drawn and checked', async () => {
  await page.fill('#ir', `<layer ... type="Divide">
    <data auto_broadcast="numpy" m_pythondiv="false"/>
    <input><port id="0"><dim>8</dim><dim>1</dim><dim>6</dim><dim>1</dim></port>
           <port id="1"><dim>7</dim><dim>1</dim><dim>5</dim></port></input>
    <output><port id="2"><dim>8</dim><dim>7</dim><dim>6</dim><dim>5</dim></port></output></layer>`);
  await page.click('#ir-read');
  assert.match(await page.textContent('#ir-report'), /Divide read: the declared output \[8, 7, 6, 5\] matches/);
  assert.equal(await page.textContent('#result-shape'), '[8, 7, 6, 5]');
  assert.equal(await page.inputValue('#op'), 'divide');
  assert.equal(await page.isChecked('#pythondiv'), false);
  await page.fill('#ir', '<layer type="Multiply"><input><port id="0"><dim>2</dim></port><port id="1"><dim>2</dim></port></input>' +
    '<output><port id="2"><dim>3</dim></port></output></layer>');
  await page.click('#ir-read');
  assert.match(await page.textContent('#ir-report'), /differs from the inferred \[2\]/);
});

test('the speed panel times wasm against a JS loop', async () => {
  await page.click('#speed-run');
  await page.waitForSelector('#speed:not([hidden])', { timeout: 60000 });
  assert.equal(await page.locator('#speed tbody tr').count(), 2);
  assert.match(await page.textContent('#speed tbody'), /GB\/s/);
  assert.deepEqual(problems, []);
});

test('phone width and keyboard: the page fits and the controls are reachable', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than the screen`);
  await page.focus('#preset');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'shape-a');
  await page.screenshot({ path: join(shots, 'phone.png'), fullPage: true });
  assert.deepEqual(problems, []);
});
