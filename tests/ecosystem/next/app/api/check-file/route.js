// The route handler with the threaded entry, tensorwise/file: the check, then a wasm tensor large
// enough for a shared op, with which Node loads the threaded build (docs/threads.md). The header
// says how many threads ops use then: 1 where the threaded build did not load.
import * as tw from 'tensorwise/file';
import { check } from '../../../src/app.js';

export const dynamic = 'force-dynamic';

export async function GET() {
  const result = await check(tw);
  const large = tw.tensor(new Float32Array(1 << 20), [1 << 20]);
  tw.multiply(large, large);
  large.dispose();
  return Response.json(result, { headers: { 'x-threads': String(tw.threads()) } });
}
