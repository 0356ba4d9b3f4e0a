import { execFileSync } from 'node:child_process';
import { cpus, platform, release, totalmem } from 'node:os';
import type { MachineInfo } from './types.js';

export function machineInfo(): MachineInfo {
  const cpuList = cpus();
  return {
    cpu: cpuList[0]?.model.trim() ?? 'unknown',
    cores: cpuList.length,
    memory_bytes: totalmem(),
    node: process.version,
    platform: `${platform()} ${release()}`,
    swipl: swiplVersion(),
  };
}

/** The installed SWI-Prolog version, or null when `swipl` is not on the PATH. */
export function swiplVersion(): string | null {
  try {
    return execFileSync('swipl', ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}
