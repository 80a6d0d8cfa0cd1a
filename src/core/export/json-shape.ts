/**
 * Reading untrusted JSON (a library pack, an answer receipt) field by field: every value is
 * checked for its type and bounds and copied into a fresh object, so nothing unexpected (an
 * extra key, a `__proto__` key, a getter) travels on. A wrong shape throws `ShapeError` naming
 * the path of the value (`documents[3].sections[0].end`).
 */

/** A plain JSON value. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A value of the wrong shape, at `path`. */
export class ShapeError extends Error {
  override readonly name = 'ShapeError';

  constructor(
    readonly path: string,
    readonly expected: string,
  ) {
    super(`${path || 'the top level'} should be ${expected}`);
  }
}

/** `value` as an object (not an array, not null). */
export function asObject(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ShapeError(path, 'an object');
  return value as Record<string, unknown>;
}

/** The own property `key` of `object` (never one inherited from a prototype). */
export function own(object: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/** `value` as a string of at most `maxLength` characters. */
export function asString(value: unknown, path: string, maxLength = 1000): string {
  if (typeof value !== 'string') throw new ShapeError(path, 'a string');
  if (value.length > maxLength) throw new ShapeError(path, `at most ${maxLength} characters long`);
  return value;
}

/** `value` as a finite number in [min, max]. */
export function asNumber(value: unknown, path: string, min = -Number.MAX_VALUE, max = Number.MAX_VALUE): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new ShapeError(path, 'a finite number');
  if (value < min || value > max) throw new ShapeError(path, `a number from ${min} to ${max}`);
  return value;
}

/** `value` as a whole number in [min, max]. */
export function asInteger(value: unknown, path: string, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  if (!Number.isInteger(value)) throw new ShapeError(path, 'a whole number');
  return asNumber(value, path, min, max);
}

/** `value` as a boolean. */
export function asBoolean(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') throw new ShapeError(path, 'true or false');
  return value;
}

/** `value` as an array of at most `maxItems` items. */
export function asArray(value: unknown, path: string, maxItems: number): unknown[] {
  if (!Array.isArray(value)) throw new ShapeError(path, 'an array');
  if (value.length > maxItems) throw new ShapeError(path, `an array of at most ${maxItems} items`);
  return value;
}

/** `value` as an array of strings. */
export function asStringArray(value: unknown, path: string, maxItems = 1000, maxLength = 1000): string[] {
  return asArray(value, path, maxItems).map((item, index) => asString(item, `${path}[${index}]`, maxLength));
}

/** `value` as one of `allowed`. */
export function asOneOf<T extends string>(value: unknown, path: string, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new ShapeError(path, `one of ${allowed.join(', ')}`);
  }
  return value as T;
}

/** `read(value)` when `value` is present, else undefined. */
export function optional<T>(value: unknown, read: (value: unknown) => T): T | undefined {
  return value === undefined ? undefined : read(value);
}

/** A deep copy of plain JSON data, at most `depth` levels deep, without `__proto__` keys. */
export function asJson(value: unknown, path: string, depth = 16): JsonValue {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return asNumber(value, path);
  if (depth <= 0) throw new ShapeError(path, 'less deeply nested');
  if (Array.isArray(value)) return value.map((item, index) => asJson(item, `${path}[${index}]`, depth - 1));
  const object = asObject(value, path);
  const copy: { [key: string]: JsonValue } = {};
  for (const key of Object.keys(object)) {
    if (key === '__proto__') throw new ShapeError(`${path}.${key}`, 'absent (a reserved name)');
    copy[key] = asJson(object[key], `${path}.${key}`, depth - 1);
  }
  return copy;
}
