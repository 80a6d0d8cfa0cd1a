/**
 * The machine a run was measured on, recorded beside the numbers so results can be compared.
 */
import { availableParallelism, cpus, totalmem } from 'node:os';

/** Runtime and hardware of this process. */
export interface MachineInfo {
  node: string;
  v8: string;
  platform: string;
  arch: string;
  cpuModel: string;
  cores: number;
  totalMemoryBytes: number;
  /** Whether `gc()` was exposed, so that memory was collected between sizes. */
  gcExposed: boolean;
}

/** Describes this machine and runtime. */
export function machineInfo(): MachineInfo {
  const processors = cpus();
  return {
    node: process.version,
    v8: process.versions.v8,
    platform: process.platform,
    arch: process.arch,
    cpuModel: processors[0]?.model.trim() ?? 'unknown',
    cores: availableParallelism(),
    totalMemoryBytes: totalmem(),
    gcExposed: typeof (globalThis as { gc?: unknown }).gc === 'function',
  };
}
