// Where this process's threads last ran (Linux /proc): for the sweep's diagnosis of a woken
// worker placed on the calling thread's CPU. Elsewhere it reports nothing.
import { readFileSync, readdirSync } from 'node:fs';

/** Whether the two busiest threads of this process last ran on one CPU (null where unknown). */
export function busiestShareACpu() {
  let rows;
  try {
    rows = readdirSync('/proc/self/task').map((tid) => {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return { time: Number(fields[11]) + Number(fields[12]), cpu: Number(fields[36]) };
    });
  } catch {
    return null;
  }
  rows.sort((a, b) => b.time - a.time);
  return rows.length >= 2 ? rows[0].cpu === rows[1].cpu : null;
}
