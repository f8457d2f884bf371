/** What the figures were measured on, recorded next to them: they mean little without it. */
import { cpus, release, totalmem } from 'node:os';

export interface MachineInfo {
  cpuModel: string;
  cpuCount: number;
  memoryMb: number;
  platform: string;
  kernel: string;
  node: string;
}

export function machineInfo(): MachineInfo {
  const list = cpus();
  return {
    cpuModel: list[0]?.model.trim() ?? 'unknown',
    cpuCount: list.length,
    memoryMb: Math.round(totalmem() / 1024 / 1024),
    platform: `${process.platform}-${process.arch}`,
    kernel: release(),
    node: process.version,
  };
}
