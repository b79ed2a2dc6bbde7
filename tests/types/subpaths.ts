// Every public entry resolves to the same types, whatever the moduleResolution (node10 included,
// the default of many older configurations, which reads typesVersions rather than exports).
import * as main from 'tensorwise';
import * as file from 'tensorwise/file';
import * as inline from 'tensorwise/inline';

export async function all(): Promise<number[]> {
  const results: number[] = [];
  for (const tw of [main, file, inline]) {
    await tw.init();
    const r = tw.multiply({ data: new Float32Array([2]) }, 3);
    const f: Float32Array = r.data;
    results.push(f[0]);
  }
  return results;
}
