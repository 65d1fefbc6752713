// The resident memory of a process group (a server started detached, with its children), read
// from /proc (Linux), for the load run's "memory stays stable".
import { readdir, readFile } from 'node:fs/promises';

/** Bytes resident in every process whose process group is `pgid`. */
export async function groupResidentBytes(pgid: number): Promise<number> {
  let total = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) in parentheses: state ppid pgrp.
      const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (pgrp !== pgid) continue;
      const status = await readFile(`/proc/${entry}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      // The process ended while being read.
    }
  }
  return total;
}
