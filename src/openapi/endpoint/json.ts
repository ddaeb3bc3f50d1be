/** Reading untyped spec values without trusting their shape: a wrong type reads as absent. */

export type JsonObject = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A non-blank string, trimmed at neither end (Markdown may start with indentation); else undefined. */
export function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export function recordOf(value: unknown): JsonObject | undefined {
  return isRecord(value) ? value : undefined;
}

export function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A value as one line of text: strings as written, everything else as JSON. */
export function displayValue(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
