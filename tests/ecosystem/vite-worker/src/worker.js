// Top-level await in a worker: Vite builds workers as IIFE scripts unless worker.format is 'es'.
import * as tw from 'tensorwise';
import { check } from './app.js';

try {
  postMessage({ result: await check(tw) });
} catch (e) {
  postMessage({ failed: String((e && e.stack) || e) });
}
