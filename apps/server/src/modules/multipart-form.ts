/**
 * Reading a multipart/form-data upload (POST OrderAttachments, POST OrdersImport; issue 7,
 * "A broken multipart upload answers 400"). The routes that take one register
 * `@fastify/multipart` with their own limits; every other route answers such a body 415.
 */
import { AppErrorCode } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/** The form of an upload: the file part named `file` (null when there is none) and the text fields. */
export interface UploadForm {
  file: { data: Buffer; fileName: string } | null;
  fields: Record<string, string>;
}

/** 400 VALIDATION, `body`: "The form could not be read. Send it again with one file." */
export const brokenForm = () => new AppError(AppErrorCode.VALIDATION, {}, { body: 'validation.multipart' });

/**
 * Reads the whole form, parts in any order. A body that is not multipart answers an empty form
 * (the caller then names the missing file). A part without a name is skipped; a `file` sent as a
 * text field is a field, not the file.
 * @param tooLarge the error for a file over the route's `fileSize` limit (FILE_TOO_LARGE, 413)
 * @throws `tooLarge()`; VALIDATION (`brokenForm`) for a form that cannot be read: no or an empty
 *   boundary, a truncated body, broken part headers, more parts, files or fields than the
 *   route's limits, a field named `__proto__`
 */
export async function readForm(request: FastifyRequest, tooLarge: () => AppError): Promise<UploadForm> {
  const form: UploadForm = { file: null, fields: {} };
  if (!request.isMultipart()) return form;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Every file part must be read to its end for the form to go on.
        const data = await part.toBuffer();
        if (part.fieldname === 'file' && form.file === null) form.file = { data, fileName: part.filename };
      } else if (typeof part.value === 'string' && part.fieldname) {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    request.log.info({ err: error }, 'unreadable multipart form');
    throw brokenForm();
  }
  return form;
}
