import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * Where a measurement's processor time goes: the CPU time of named processes and the machine's busy and idle time,
 * from /proc (Linux), over the time between start and stop. A process is read every `intervalMs` and its last
 * reading kept, so one that exits before the stop loses at most an interval of its time. Elsewhere than Linux every
 * figure is missing (null).
 */
export interface CpuReport {
  wallMs: number;
  /** CPU seconds (user + system) of each named process over the measurement; null: not readable. */
  processes: Record<string, number | null>;
  /** The machine's processors: busy and idle seconds summed over all of them, and how many there are. */
  machine: { busyS: number; idleS: number; processors: number } | null;
}

const TICKS_PER_SECOND = clockTicks();

function clockTicks(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}

/** user + system ticks of a process (fields 14 and 15 of /proc/<pid>/stat, counted after its name's parenthesis). */
function processTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** Busy and idle ticks of all processors (the first line of /proc/stat; idle includes I/O wait). */
function machineTicks(): { busy: number; idle: number; processors: number } | null {
  try {
    const lines = readFileSync('/proc/stat', 'utf8').split('\n');
    const [, ...values] = (lines[0] ?? '').trim().split(/\s+/);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = values.map(Number) as number[];
    const processors = lines.filter((l) => /^cpu\d+ /.test(l)).length;
    return { busy: user! + nice! + system! + irq! + softirq! + steal!, idle: idle! + iowait!, processors };
  } catch {
    return null;
  }
}

export interface CpuMeter {
  /**
   * Follow a process: its time from now, or all of its time (`whole`: a process started for the measurement, whose
   * start-up belongs to it).
   */
  follow(name: string, pid: number | undefined, counted?: 'from-now' | 'whole'): void;
  stop(): CpuReport;
}

/** Start measuring the machine; `follow` adds the processes. */
export function cpuMeter(intervalMs = 200): CpuMeter {
  const started = performance.now();
  const machineAtStart = machineTicks();
  const followed = new Map<string, { pid: number | undefined; first: number | null; last: number | null }>();
  const read = () => {
    for (const entry of followed.values()) {
      if (entry.pid === undefined) continue;
      const ticks = processTicks(entry.pid);
      if (ticks === null) continue;
      entry.first ??= ticks;
      entry.last = ticks;
    }
  };
  const timer = setInterval(read, intervalMs);
  return {
    follow(name, pid, counted = 'from-now') {
      followed.set(name, { pid, first: counted === 'whole' ? 0 : null, last: null });
      read();
    },
    stop(): CpuReport {
      clearInterval(timer);
      read();
      const machineAtEnd = machineTicks();
      const processes: Record<string, number | null> = {};
      for (const [name, { first, last }] of followed)
        processes[name] = first === null || last === null ? null : (last - first) / TICKS_PER_SECOND;
      const machine =
        machineAtStart && machineAtEnd
          ? {
              busyS: (machineAtEnd.busy - machineAtStart.busy) / TICKS_PER_SECOND,
              idleS: (machineAtEnd.idle - machineAtStart.idle) / TICKS_PER_SECOND,
              processors: machineAtEnd.processors,
            }
          : null;
      return { wallMs: performance.now() - started, processes, machine };
    },
  };
}

/** "neo4j 41.2 s, crawler 20.1 s, ...; the machine 70.3 of 75.0 processor-seconds busy (93.7 %)". */
export function cpuText(report: CpuReport): string {
  const one = (s: number) => `${s.toFixed(1)} s`;
  const processes = Object.entries(report.processes)
    .map(([name, s]) => `${name} ${s === null ? 'not read' : one(s)}`)
    .join(', ');
  const machine = report.machine;
  if (!machine) return processes;
  const total = machine.busyS + machine.idleS;
  const busyShare = total > 0 ? (100 * machine.busyS) / total : 0;
  return `${processes}; the machine ${machine.busyS.toFixed(1)} of ${total.toFixed(1)} processor-seconds busy (${busyShare.toFixed(1)} %, ${machine.processors} processors, ${one(report.wallMs / 1000)} wall)`;
}
