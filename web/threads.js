// The thread settings of SPEC §4 "Threads": what init({ threads }) and setThreads(n) accept,
// what they come to on this platform, and the one warning when they ask for more than it allows.
import { describe } from './format.js';

/** 'auto' uses the cores there are, at most this many. */
export const AUTO_MAX = 4;

/**
 * The pool (web/pool.js), loaded with the threaded build only: null while every op runs on the
 * calling thread, so that pages that never use threads never load it.
 */
export const sharing = { pool: null };

// The threads the platform allows (1: none) and why not more, set by init().
const platform = { max: 1, why: 'tensorwise is not initialised' };
let current = 1;
let warned = false;

/** A threads value as given: 'auto' or a positive integer; a RangeError for anything else. */
export function checkThreads(value, fn) {
  if (value === 'auto' || (typeof value === 'number' && Number.isInteger(value) && value >= 1)) return value;
  throw new RangeError(`${fn}: threads must be 'auto' or a positive integer, got ${describe(value)}`);
}

export function setPlatform(max, why) {
  platform.max = max;
  platform.why = why;
}

/**
 * What a threads value comes to: 'auto' the cores there are (at most AUTO_MAX), a number itself,
 * or 1 with a warning (once) when it asks for more than the platform allows.
 */
export function threadsFor(value) {
  if (value === 'auto') return Math.min(AUTO_MAX, platform.max);
  if (value <= platform.max) return value;
  warnOnce(`${value} threads were asked for, but ${platform.why}; running on 1 thread`);
  return 1;
}

/** Warns on the console, once in a session: threads not used are never silent, nor repeated. */
export function warnOnce(message) {
  if (warned) return;
  warned = true;
  console.warn(`tensorwise: ${message}`);
}

export function setCurrent(n) {
  current = n;
}

/** How many threads large ops may use now, the calling thread included. */
export function threads() {
  return current;
}
