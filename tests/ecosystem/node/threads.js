// Node worker_threads: the check runs in a worker, which posts its result back.
import { Worker } from 'node:worker_threads';

const worker = new Worker(new URL('./thread-worker.js', import.meta.url));
worker.once('message', (result) => console.log(JSON.stringify(result)));
worker.once('error', (e) => { console.error(e); process.exitCode = 1; });
