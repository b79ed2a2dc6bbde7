// The call lifecycle, which every entry point goes through: the loaded builds, enter() (init()
// has resolved, and no call is staging), the staging window of a call (withStaging), and the
// errors found in that window made once it has closed (later). Apart from loading (module/
// loader.js, which fills `builds`), so that memory, execution and api code reach it without
// importing the loader.
import { hasOwn } from './intrinsics.js';

/**
 * The loaded builds (instance.js): `plain`, the single-threaded build, where every op on JS
 * arrays and the small wasm tensors live; `shared`, the threaded build on a memory shared with
 * the pool's workers, loaded only where threads may run (null elsewhere).
 */
export const builds = { plain: null, shared: null };

/**
 * For the tests: `allShared` runs every op, and places every wasm tensor, in the threaded
 * build's memory (where there is one), so that the suites check the shared path on every case.
 */
export const testing = { allShared: false, staging: () => staging };
// True from the first byte a call stages in wasm memory until it returns. No caller code runs in
// that window, so no call can start in it; if one ever did, it is refused rather than run on
// memory in use. (testing.staging: tests/js/trap-builtins.js checks that no built-in a caller
// can replace is reached in it.)
let staging = false;

/** Whether init() has resolved (the module is loaded). */
export const initialised = () => builds.plain !== null;

/** The single-threaded build's instance, for a public entry point; throws if init() has not resolved. */
export function enter() {
  if (builds.plain === null) {
    throw new Error('tensorwise is not initialised: call `await init()` before using it');
  }
  if (staging) {
    throw new Error('tensorwise: a call was made while another one was using wasm memory; it was refused');
  }
  return builds.plain;
}

/**
 * Runs fn(inst, arg) as the staging window of a call (see `staging`). An error found in it is
 * thrown as later() makes it and made here, once the window has closed and fn's own cleanup
 * has run: building a message reaches built-ins a caller can replace (Array.prototype.join, the
 * error classes, String), which must not run while wasm memory is in use.
 */
export function withStaging(fn, inst, arg) {
  staging = true;
  let failure;
  try {
    return fn(inst, arg);
  } catch (error) {
    failure = error;
  } finally {
    staging = false;
  }
  throw typeof failure === 'object' && failure !== null && hasOwn(failure, LATER) ? failure[LATER]() : failure;
}

const LATER = Symbol('tensorwise: an error to make once staging has ended');

/** What to throw for an error found while staging: make() builds it after the window (outside one, now). */
export function later(make) {
  return staging ? { [LATER]: make } : make();
}

