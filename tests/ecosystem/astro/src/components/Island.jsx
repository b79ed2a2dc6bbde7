// A Preact island: the check computed in the page (window.result, for the test).
import { useEffect } from 'preact/hooks';
import * as tw from 'tensorwise';
import { main } from '../app.js';

export default function Island() {
  useEffect(() => { main(tw); }, []);
  return null;
}
