/**
 * Live heap after full garbage collections, in this process: the leak indicator that resident memory is not (V8
 * keeps heap it grew during a burst, so RSS says little about what is still referenced). `--expose-gc` is switched
 * on at run time so `npm run bench` needs no extra node flags.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

let gc: (() => void) | null = null;

export function liveHeapMb(): number {
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    // SAFETY: with --expose-gc set, a fresh context's global `gc` is V8's collector function.
    gc = vm.runInNewContext('gc') as () => void;
  }
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}
