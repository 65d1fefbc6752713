// The resident memory and CPU time of a process group (a server started detached, with its
// children), read from /proc (Linux): the load run's "memory stays stable", and the CPU a
// password hash costs in workerd.
import { readdir, readFile } from 'node:fs/promises';

/** The ids of every process whose process group is `pgid`. */
export async function groupProcessIds(pgid: number): Promise<string[]> {
  const ids: string[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) in parentheses: state ppid pgrp.
      const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (pgrp === pgid) ids.push(entry);
    } catch {
      // The process ended while being read.
    }
  }
  return ids;
}

/** Bytes resident in every process whose process group is `pgid`. */
export async function groupResidentBytes(pgid: number): Promise<number> {
  let total = 0;
  for (const id of await groupProcessIds(pgid)) {
    try {
      const status = await readFile(`/proc/${id}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      // The process ended while being read.
    }
  }
  return total;
}

/** CPU time (user + system, ms) the processes of group `pgid` have used so far. */
export async function groupCpuMilliseconds(pgid: number): Promise<number> {
  const ticksPerSecond = 100; // USER_HZ on Linux
  let ticks = 0;
  for (const id of await groupProcessIds(pgid)) {
    try {
      const stat = await readFile(`/proc/${id}/stat`, 'utf8');
      // After the name: state(0) ppid pgrp session tty tpgid flags minflt cminflt majflt
      // cmajflt utime(11) stime(12).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended while being read.
    }
  }
  return (ticks * 1000) / ticksPerSecond;
}
