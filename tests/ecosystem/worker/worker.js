// A module worker importing the installed package's files directly (no bundler, no import map:
// workers do not see the page's import map).
import * as tw from './node_modules/tensorwise/dist/index.mjs';
import { check } from './src/app.js';

check(tw).then((result) => postMessage({ result }), (e) => postMessage({ failed: String(e && e.stack || e) }));
