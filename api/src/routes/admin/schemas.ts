import { ErrorResponse } from '@le/contracts/schemas';

/** The error answers every admin route documents (the shapes themselves are in @le/contracts/schemas). */
export const adminErrors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  429: ErrorResponse,
};
