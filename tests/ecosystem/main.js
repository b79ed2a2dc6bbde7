import * as tw from 'tensorwise';
import { main } from './app.js';

main(tw);
