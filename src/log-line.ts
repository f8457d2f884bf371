/**
 * One log message from the parts a library logs with (`logger.warn('failed', error, { … })`, as Bolt and its
 * WebClient do): strings as they are, errors by name, code and message, anything else as JSON.
 */
export function logLine(parts: readonly unknown[]): string {
  return parts.map(describe).join(' ');
}

function describe(part: unknown): string {
  if (typeof part === 'string') return part;
  if (part instanceof Error) {
    const code = (part as { code?: unknown }).code;
    return typeof code === 'string'
      ? `${part.name} (${code}): ${part.message}`
      : `${part.name}: ${part.message}`;
  }
  try {
    return JSON.stringify(part) ?? String(part);
  } catch {
    return String(part);
  }
}
