// An endpoint: the check as JSON.
import { json } from '@sveltejs/kit';
import * as tw from 'tensorwise';
import { check } from '../../../app.js';

export async function GET() {
  return json(await check(tw));
}
