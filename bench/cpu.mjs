// CPU time read from /proc (Linux), for the benches that say where a run's CPU went (ADR 037):
// unlike a throughput, CPU per request barely moves when other work shares the two cores.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

function statFields(pid) {
  return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
}

/** utime + stime of a process (all its threads), in ms; 0 once it has ended. */
export function cpuMs(pid) {
  try {
    const fields = statFields(pid);
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The pids whose parent is `parentPid`. */
export function childPids(parentPid) {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (Number(statFields(entry)[1]) === parentPid) pids.push(Number(entry));
    } catch {
      /* ended meanwhile */
    }
  }
  return pids;
}

/** A process and its direct children (a PostgreSQL postmaster and its backends; a node:cluster
 * primary and its workers), in ms. A child that ended before the reading is not counted. */
export function treeCpuMs(pid) {
  if (!pid) return 0;
  return childPids(pid).reduce((sum, child) => sum + cpuMs(child), cpuMs(pid));
}

/** Every process whose command name is `name` (e.g. every PostgreSQL process of the machine), in ms. */
export function commandCpuMs(name) {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) total += cpuMs(entry);
    } catch {
      /* ended meanwhile */
    }
  }
  return total;
}

/** The whole machine: busy and total jiffies of /proc/stat's first line, in ms. */
export function machineCpuMs() {
  const [, ...numbers] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = numbers.map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy: (busy * 1000) / TICKS_PER_SECOND, total: ((busy + idle + iowait) * 1000) / TICKS_PER_SECOND };
}
