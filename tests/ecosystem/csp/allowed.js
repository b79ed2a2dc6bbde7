import * as tw from './node_modules/tensorwise/dist/index.mjs';
import { main } from './src/app.js';

main(tw);
