import * as tw from 'tensorwise';
import { main } from './src/app.js';

main(tw);
