// Where the CPU of an HTTP bench run goes, from /proc (Linux; null elsewhere): each serve process, the load
// generator (this process), the PostgreSQL cluster's processes and the whole machine. On a machine of few cores
// the parties share them, so a figure per command tells which one to make cheaper.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The fields of /proc/PID/stat after the command name (state is the 1st, ppid the 2nd, utime the 12th, stime the
 * 13th, then the waited-for children's cutime and cstime), or null for a process that is gone.
 */
function statFields(pid: number | string | undefined): string[] | null {
  try {
    return (
      readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
        .split(') ')[1]
        ?.split(' ') ?? []
    );
  } catch {
    return null;
  }
}

/** utime + stime of a process in ms (100 clock ticks a second), with its reaped children's (`children`), or null. */
export function cpuMs(pid: number | undefined, children = false): number | null {
  const fields = statFields(pid);
  if (fields === null) return null;
  const ticks = Number(fields[11]) + Number(fields[12]) + (children ? Number(fields[13]) + Number(fields[14]) : 0);
  return Number.isFinite(ticks) ? ticks * 10 : null;
}

const parentOf = (pid: string): number | null => {
  const fields = statFields(pid);
  return fields === null ? null : Number(fields[1]);
};

/**
 * The CPU of a PostgreSQL cluster so far, in ms: its postmaster (from data/postmaster.pid) with the processes it
 * started and has reaped (a client's backend that ended), and those still running (backends, WAL writer,
 * checkpointer); null where /proc cannot tell.
 */
export function clusterCpuMs(dataDir: string): number | null {
  let postmaster: number;
  try {
    postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
  let total = cpuMs(postmaster, true);
  if (total === null) return null;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    if (parentOf(pid) !== postmaster) continue;
    total += cpuMs(Number(pid)) ?? 0;
  }
  return total;
}

/** The machine's busy CPU time so far (every core, all but idle and iowait), in ms; null where /proc cannot tell. */
export function machineCpuMs(): number | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
    const ticks = [user, nice, system, irq, softirq, steal].reduce<number>((a, b) => a + (b ?? 0), 0);
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}

/** This process's own CPU (user + system) so far, in ms. */
export const selfCpuMs = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
