// An endpoint: the check as JSON.
import * as tw from 'tensorwise';
import { check } from '../../app.js';

export async function GET() {
  return Response.json(await check(tw));
}
