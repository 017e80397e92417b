/**
 * A JSON object stored as text (attributes, log data, audit context): the object, or `{}` when the
 * text is not a JSON object.
 */
export function parseJsonObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
