/**
 * Scripted faults: a queue of one-shot (or N-shot) misbehaviours matched by method and path, consumed in the order
 * they were added. Tests use them to drive the client through every failure the real network and API produce.
 */
import type { ScriptedFault } from './types.js';

interface ArmedFault {
  fault: ScriptedFault;
  remaining: number;
}

export class FaultQueue {
  private armed: ArmedFault[] = [];

  add(fault: ScriptedFault): void {
    const times = fault.times ?? 1;
    if (times > 0) this.armed.push({ fault, remaining: times });
  }

  clear(): void {
    this.armed = [];
  }

  /** The first armed fault matching this request, consuming one of its shots. */
  take(method: string, path: string): ScriptedFault | null {
    const index = this.armed.findIndex(({ fault }) => matches(fault, method, path));
    const entry = this.armed[index];
    if (!entry) return null;
    entry.remaining -= 1;
    if (entry.remaining <= 0) this.armed.splice(index, 1);
    return entry.fault;
  }
}

function matches(fault: ScriptedFault, method: string, path: string): boolean {
  const match = fault.match;
  if (!match) return true;
  if (match.method && match.method.toUpperCase() !== method.toUpperCase()) return false;
  if (match.path === undefined) return true;
  if (typeof match.path === 'string') return match.path === path;
  match.path.lastIndex = 0;
  return match.path.test(path);
}
