import type { Doc, Update } from '../collection';

/** Sets a value at a dotted path, making the objects on the way. */
const setPath = (doc: Record<string, unknown>, field: string, value: unknown): void => {
  const parts = field.split('.');
  let target = doc;
  for (const part of parts.slice(0, -1)) {
    if (target[part] === null || typeof target[part] !== 'object') target[part] = {};
    target = target[part] as Record<string, unknown>;
  }
  target[parts.at(-1)!] = value;
};

const getPath = (doc: Record<string, unknown>, field: string): unknown =>
  field.split('.').reduce<unknown>((value, part) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined), doc);

const unsetPath = (doc: Record<string, unknown>, field: string): void => {
  const parts = field.split('.');
  const parent = parts.length === 1 ? doc : getPath(doc, parts.slice(0, -1).join('.'));
  if (parent !== null && typeof parent === 'object') delete (parent as Record<string, unknown>)[parts.at(-1)!];
};

/** Applies the Update subset of collection.ts to a copy of the document. */
export const applyUpdate = <T extends Doc>(doc: T, update: Update): T => {
  const next = structuredClone(doc) as unknown as Record<string, unknown>;
  for (const [field, value] of Object.entries(update.$set ?? {})) {
    if (field !== '_id') setPath(next, field, value);
  }
  for (const field of Object.keys(update.$unset ?? {})) unsetPath(next, field);
  for (const [field, amount] of Object.entries(update.$inc ?? {})) {
    const current = getPath(next, field);
    setPath(next, field, (typeof current === 'number' ? current : 0) + amount);
  }
  for (const [field, value] of Object.entries(update.$push ?? {})) {
    const current = getPath(next, field);
    setPath(next, field, [...(Array.isArray(current) ? current : []), value]);
  }
  return next as unknown as T;
};
