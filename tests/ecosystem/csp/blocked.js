import { init } from './node_modules/tensorwise/dist/index.mjs';

init().then(
  () => { window.failed = 'init() resolved although the policy forbids WebAssembly'; },
  (error) => Object.assign(window, { result: { name: error.name, message: error.message }, done: true }),
);
