/** JSON columns are TEXT on both backends (one schema); these keep the encoding in one place. */
export function toJson(value: unknown): string {
  return JSON.stringify(value ?? null);
}

export function fromJson(text: string | null): unknown {
  return text === null ? null : JSON.parse(text);
}
