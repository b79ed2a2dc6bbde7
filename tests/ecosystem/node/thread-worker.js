import { parentPort } from 'node:worker_threads';
import * as tw from 'tensorwise';
import { check } from './src/app.js';

parentPort.postMessage(await check(tw));
