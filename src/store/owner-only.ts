/**
 * The embedded store holds write intents, who clicked what, and (later) workspace credentials: only the account that
 * runs Shipwatch may read it. Its folder is created 700 and its files 600 (SQLite gives the -wal and -shm files the
 * main file's mode), and a folder or file that other local users can read is tightened at start. See docs/store.md.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

const GROUP_OR_OTHER = 0o077;

/** Prepares `file`'s folder and files for owner-only access; returns the paths whose permissions it tightened. */
export function makeOwnerOnly(file: string): string[] {
  // POSIX permissions only: elsewhere the folder's ACLs are the operator's to set.
  if (process.platform === 'win32') return [];
  const tightened: string[] = [];
  const folder = dirname(file);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (tighten(folder, 0o700)) tightened.push(folder);
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(path) && tighten(path, 0o600)) tightened.push(path);
  }
  return tightened;
}

function tighten(path: string, mode: number): boolean {
  if ((statSync(path).mode & GROUP_OR_OTHER) === 0) return false;
  chmodSync(path, mode);
  return true;
}
