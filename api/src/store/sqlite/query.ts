/**
 * The Filter and sort of collection.ts as SQL over the JSON documents: every query and index of the
 * embedded store names its fields through `fieldExpression`.
 */
import type { Filter, FindOptions, IndexSpec } from '../collection';
import { encodeValue } from './codec';

/**
 * A field of a document as SQL sees it. Every query and every index is written through this one
 * function, so SQLite recognises the index expression in a WHERE or ORDER BY and uses the index.
 */
export const fieldExpression = (field: string): string => {
  if (field === '_id') return '_id';
  return `json_extract(doc, '${jsonPath(field).replace(/'/g, "''")}')`;
};

/** A (dotted) field as a JSON path: `reads.ab12` is `$."reads"."ab12"`. */
export const jsonPath = (field: string): string => `$${field.split('.').map((part) => `."${part.replace(/["\\]/g, '')}"`).join('')}`;

const fieldType = (field: string): string => fieldExpression(field).replace(/^json_extract/, 'json_type');

export const quoteName = (name: string): string => `"${name.replace(/"/g, '""')}"`;

export const indexName = (collection: string, index: IndexSpec): string =>
  `ix_${collection}_${Object.keys(index.fields).join('_').replace(/[^A-Za-z0-9_]/g, '_')}`;

/** Binds as SQLite can: booleans as 1/0 (as json_extract reads them), dates as the codec writes them. */
const bindable = (value: unknown): unknown => {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return encodeValue(value);
};

/** Translates the Filter subset of collection.ts into a WHERE clause and its parameters. */
export const translate = (filter: Filter, params: unknown[]): string => {
  const parts: string[] = [];
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$or' || key === '$and') {
      const branches = (condition as Filter[]).map((branch) => `(${translate(branch, params)})`);
      parts.push(branches.length === 0 ? (key === '$or' ? '0' : '1') : `(${branches.join(key === '$or' ? ' OR ' : ' AND ')})`);
      continue;
    }
    const column = fieldExpression(key);
    const isOperators =
      condition !== null && typeof condition === 'object' && !(condition instanceof Date) && Object.keys(condition).every((k) => k.startsWith('$'));
    if (isOperators && Object.keys(condition as object).length === 0) throw new Error(`empty condition on ${key}`);
    if (!isOperators) {
      // Equality with an object or array has no one meaning in SQL: no repository asks for it.
      if (condition !== null && typeof condition === 'object' && !(condition instanceof Date)) throw new Error(`unsupported equality on ${key}`);
      if (condition === null || condition === undefined) parts.push(`${column} IS NULL`);
      else {
        parts.push(`${column} = ?`);
        params.push(bindable(condition));
      }
      continue;
    }
    for (const [operator, operand] of Object.entries(condition as Record<string, unknown>)) {
      switch (operator) {
        case '$gt':
        case '$gte':
        case '$lt':
        case '$lte': {
          const sign = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' }[operator];
          parts.push(`${column} ${sign} ?`);
          params.push(bindable(operand));
          break;
        }
        case '$ne':
          if (operand === null) parts.push(`${column} IS NOT NULL`);
          else {
            parts.push(`${column} IS NOT ?`);
            params.push(bindable(operand));
          }
          break;
        case '$in': {
          // As in MongoDB, a null in the list also matches a missing field.
          const values = (operand as unknown[]).filter((value) => value !== null);
          const orNull = values.length < (operand as unknown[]).length ? ` OR ${column} IS NULL` : '';
          if (values.length === 0) parts.push(orNull ? `${column} IS NULL` : '0');
          else {
            parts.push(`(${column} IN (${values.map(() => '?').join(', ')})${orNull})`);
            params.push(...values.map(bindable));
          }
          break;
        }
        case '$exists':
          parts.push(key === '_id' ? (operand ? '1' : '0') : `${fieldType(key)} IS ${operand ? 'NOT ' : ''}NULL`);
          break;
        case '$regex': {
          const pattern = operand as RegExp;
          parts.push(`le_regexp(?, ?, ${column})`);
          params.push(pattern.source, pattern.flags);
          break;
        }
        default:
          throw new Error(`unsupported filter operator ${operator}`);
      }
    }
  }
  return parts.length === 0 ? '1' : parts.join(' AND ');
};

export const orderBy = (sort: FindOptions['sort']): string => {
  if (!sort || Object.keys(sort).length === 0) return '';
  return ` ORDER BY ${Object.entries(sort)
    .map(([field, direction]) => `${fieldExpression(field)} ${direction === -1 ? 'DESC' : 'ASC'}`)
    .join(', ')}`;
};
