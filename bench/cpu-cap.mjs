// A CPU quota per process (ADR 055), for the bench that asks whether throughput grows with server
// processes. On these 2-core machines the load generator and PostgreSQL share the cores with the
// server, so one uncapped process already uses what a second would need. Capping each server
// process at a share of one core stands for a machine with a core per process to spare: if the
// processes shared anything that serialises them (a lock, a table row, one process's memory), two
// would not answer twice what one does. Linux cgroups, v2 or v1's cpu controller; needs root.
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PERIOD_US = 100_000;
const V2_ROOT = '/sys/fs/cgroup';
const V1_CPU_ROOT = '/sys/fs/cgroup/cpu';

function v2Available() {
  try {
    return readFileSync(join(V2_ROOT, 'cgroup.controllers'), 'utf8').split(/\s+/).includes('cpu');
  } catch {
    return false;
  }
}

/** The cgroup hierarchy this machine lets us cap CPU with, or null (not Linux, not root, no cpu controller). */
function hierarchy() {
  if (v2Available()) {
    return {
      prepare(dir, sharePercent) {
        writeFileSync(join(dir, 'cpu.max'), `${Math.round((PERIOD_US * sharePercent) / 100)} ${PERIOD_US}`);
      },
      root: V2_ROOT,
    };
  }
  if (existsSync(join(V1_CPU_ROOT, 'cpu.cfs_quota_us'))) {
    return {
      prepare(dir, sharePercent) {
        writeFileSync(join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
        writeFileSync(join(dir, 'cpu.cfs_quota_us'), String(Math.round((PERIOD_US * sharePercent) / 100)));
      },
      root: V1_CPU_ROOT,
    };
  }
  return null;
}

/**
 * Caps each of `pids` (a whole process, all its threads) at `sharePercent` of one core, each in a
 * cgroup of its own. Answers a function that removes the cgroups once the processes have ended, or
 * null with the reason when this machine cannot cap.
 */
export function capEachProcess(pids, sharePercent) {
  const h = hierarchy();
  if (!h) return { release: null, reason: 'no cgroup cpu controller here' };
  const dirs = [];
  try {
    for (const pid of pids) {
      const dir = join(h.root, `agent-academy-bench-${pid}`);
      mkdirSync(dir, { recursive: true });
      dirs.push(dir);
      h.prepare(dir, sharePercent);
      writeFileSync(join(dir, 'cgroup.procs'), String(pid));
    }
  } catch (error) {
    for (const dir of dirs) removeWhenEmpty(dir);
    return { release: null, reason: `cannot cap CPU here (${error.code ?? error.message})` };
  }
  return { release: () => dirs.forEach(removeWhenEmpty), reason: null };
}

function removeWhenEmpty(dir) {
  try {
    rmdirSync(dir);
  } catch {
    /* a process still in it: the kernel keeps the cgroup until it ends */
  }
}
