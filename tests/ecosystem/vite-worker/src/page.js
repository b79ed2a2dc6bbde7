const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
worker.onmessage = ({ data }) => {
  if (data.failed) window.failed = data.failed;
  else Object.assign(window, { result: data.result, done: true });
};
worker.onerror = (e) => { window.failed = `worker error: ${e.message}`; };
