/** A changed field's value before and after a change, as the audit log records it. */
export interface FieldChange {
  before: unknown;
  after: unknown;
}

/** Changed fields by path ('rules.caps.perDay'); the audit page shows each as 'before → after'. */
export type FieldChanges = Record<string, FieldChange>;

/**
 * The fields that differ between two versions of a record: nested objects by their dotted path, lists
 * and other values whole. A field present on one side only changes from or to null. Empty when
 * nothing changed.
 */
export function fieldChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): FieldChanges {
  const was = flatten(before ?? {});
  const is = flatten(after ?? {});
  const changes: FieldChanges = {};
  for (const path of new Set([...Object.keys(was), ...Object.keys(is)])) {
    const [from, to] = [was[path] ?? null, is[path] ?? null];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[path] = { before: from, after: to };
  }
  return changes;
}

function flatten(record: Record<string, unknown>, prefix = "", into: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [key, value] of Object.entries(record)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length) flatten(value as Record<string, unknown>, path, into);
    else if (value !== undefined) into[path] = value;
  }
  return into;
}
