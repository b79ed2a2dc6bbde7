// A server component computing the check on every request, and a client component computing it
// in the page (it sets window.result for the test).
import * as tw from 'tensorwise';
import { check } from '../src/app.js';
import Client from './client.js';

export const dynamic = 'force-dynamic';

export default async function Page() {
  const result = await check(tw);
  return <main><pre id="server">{JSON.stringify(result)}</pre><Client /></main>;
}
