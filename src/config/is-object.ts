/** A plain JSON object (not a list, not null): the shape every config container is checked for. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
