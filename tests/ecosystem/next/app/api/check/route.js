// A route handler computing the check on every request.
import * as tw from 'tensorwise';
import { check } from '../../../src/app.js';

export const dynamic = 'force-dynamic';

export async function GET() {
  return Response.json(await check(tw));
}
