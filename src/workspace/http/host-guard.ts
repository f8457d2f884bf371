/** Which Host headers the stand-in answers. */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Bound to loopback, the stand-in answers only requests addressed to a loopback name, so a web page whose domain
 * is re-pointed at 127.0.0.1 (DNS rebinding) cannot drive the workspace. Bound to a wider address on purpose, it
 * accepts any Host.
 */
export function hostGuard(bindHost: string): (host: string | undefined) => boolean {
  const loopbackOnly = bindHost === '127.0.0.1' || bindHost === 'localhost' || bindHost === '::1';
  return (host) => {
    if (!loopbackOnly) return true;
    const name = (host ?? '').replace(/:\d+$/, '').toLowerCase();
    return LOOPBACK_NAMES.has(name);
  };
}
