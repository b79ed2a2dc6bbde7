// A Cloudflare Worker that imports the package unchanged; it answers every request with the
// check's result as JSON (or the error, with status 500).
import * as tw from 'tensorwise';
import { check } from './src/app.js';

export default {
  async fetch() {
    try {
      return Response.json(await check(tw));
    } catch (error) {
      return new Response(String(error?.stack ?? error), { status: 500 });
    }
  },
};
