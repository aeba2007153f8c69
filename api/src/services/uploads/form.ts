/** Reading an upload's multipart form: one file and the listed text fields, into memory. */
import { LIMITS } from '@le/contracts';
import type { FastifyRequest } from 'fastify';
import { badRequest, RuleError, tooLarge, unsupportedType } from '../../lib/errors';
import type { DeclaredFile } from './images';

const MAX_MB = Math.round(LIMITS.uploadMaxBytes / (1024 * 1024));

export const TOO_LARGE = `The image is too large. The maximum size is ${MAX_MB} MB.`;

interface MultipartError extends Error {
  code?: string;
  statusCode?: number;
}

/** Maps the multipart parser's own errors to our statuses and words. */
const multipartFailure = (error: MultipartError): RuleError => {
  if (error instanceof RuleError) return error;
  switch (error.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(TOO_LARGE, 'FILE_TOO_LARGE');
    case 'FST_FILES_LIMIT':
      return badRequest('Send exactly one image per request.', 'TOO_MANY_FILES');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return badRequest('The form has too many fields.', 'TOO_MANY_FIELDS');
    case 'FST_PROTO_VIOLATION':
      return badRequest('The form has a forbidden field name.', 'BAD_FIELD');
    default:
      return badRequest('The upload was incomplete or malformed. Please try again.', 'UPLOAD_MALFORMED');
  }
};

/** Reads the whole form into memory (bounded by the plugin's limits); nothing touches the disk. */
export const readForm = async (
  request: FastifyRequest,
  fileField: string,
  allowedFields: readonly string[],
): Promise<{ buffer: Buffer; fields: Record<string, string>; declared: DeclaredFile }> => {
  if (!request.isMultipart()) {
    throw unsupportedType('Send the image as multipart/form-data.', 'NOT_MULTIPART');
  }
  const fields: Record<string, string> = {};
  let buffer: Buffer | null = null;
  let declared: DeclaredFile = { mimetype: '', filename: '' };
  let refusal: RuleError | null = null;
  let files = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        files += 1;
        // Read it even when we refuse it, so that the parser moves on and its limits still apply.
        const content = await part.toBuffer();
        if (files > 1) refusal ??= badRequest('Send exactly one image per request.', 'TOO_MANY_FILES');
        else if (part.fieldname !== fileField) {
          refusal ??= badRequest(`Send the image in the field "${fileField}".`, 'WRONG_FIELD');
        } else {
          buffer = content;
          declared = { mimetype: part.mimetype, filename: part.filename };
        }
      } else {
        if (!allowedFields.includes(part.fieldname)) {
          refusal ??= badRequest(`Unexpected field "${part.fieldname.slice(0, 40)}".`, 'UNEXPECTED_FIELD');
        } else if (part.valueTruncated) {
          refusal ??= badRequest(`The field "${part.fieldname}" is too long.`, 'FIELD_TOO_LONG');
        } else if (fields[part.fieldname] !== undefined) {
          refusal ??= badRequest(`The field "${part.fieldname}" was sent twice.`, 'DUPLICATE_FIELD');
        } else fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw multipartFailure(error as MultipartError);
  }
  if (refusal) throw refusal;
  if (!buffer) throw badRequest(`No image was sent. Send it in the field "${fileField}".`, 'FILE_MISSING');
  if (buffer.length === 0) throw badRequest('The image file is empty.', 'FILE_EMPTY');
  return { buffer, fields, declared };
};
