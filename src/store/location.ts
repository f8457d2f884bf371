/** Where the store lives, said safely: the embedded file's absolute path, or the PostgreSQL URL without secrets. */
import { resolve } from 'node:path';

export const DEFAULT_DATA_DIR = '.shipwatch';
export const EMBEDDED_FILE = 'shipwatch.db';

export function embeddedFile(dataDir: string = DEFAULT_DATA_DIR): string {
  return resolve(dataDir, EMBEDDED_FILE);
}

/** The URL with its password (and any password-like query parameter) removed. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    for (const name of [...parsed.searchParams.keys()]) {
      if (/pass|secret|key/i.test(name)) parsed.searchParams.delete(name);
    }
    return parsed.toString();
  } catch {
    return 'postgres://(unparseable URL)';
  }
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url.trim());
}

/** The password of a connection URL, to scrub from any message that could echo it. */
export function databasePassword(url: string): string | null {
  try {
    const password = decodeURIComponent(new URL(url).password);
    return password.length > 0 ? password : null;
  } catch {
    return null;
  }
}
