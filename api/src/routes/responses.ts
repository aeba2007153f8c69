/** The response schemas every route file shares. */
import { ErrorResponse } from '@le/contracts/schemas';
import { Type } from 'typebox';

/** The body of a 204 (or 202): none. */
export const NoContent = Type.Null();

/** These error statuses, each answered with `ErrorResponse`; spread into a route's response schema. */
export const errorResponses = <const S extends number>(...statuses: S[]): Record<S, typeof ErrorResponse> =>
  Object.fromEntries(statuses.map((status) => [status, ErrorResponse])) as Record<S, typeof ErrorResponse>;
