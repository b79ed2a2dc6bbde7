// Server-side rendering: the check computed on the server for every request.
import * as tw from 'tensorwise';
import { check } from '../app.js';

export async function load() {
  return { server: await check(tw) };
}
