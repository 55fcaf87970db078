/** Small helpers shared by the route files. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

/** The success envelope `{ data }` of a response schema (architecture.md, "Calls"). */
export function ok<T extends ZodType>(data: T) {
  return z.object({ data });
}

export type App = ReturnType<FastifyInstance['withTypeProvider']> & FastifyInstance;

/** The app with zod schemas typing requests and replies. */
export function typed(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}

/** Turns a timestamp from either driver into an ISO 8601 string. */
export function isoInstant(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** A file's bytes as the handler sends them (a Buffer); in OpenAPI a binary string. */
const binary = z.custom<Uint8Array>((value) => value instanceof Uint8Array).meta({ type: 'string', format: 'binary' });

/**
 * The OpenAPI answer of a call that sends a file (a PDF, an image, a workbook) rather than
 * `{ data }`: its media types, each a binary string, and its Content-Disposition header.
 * Documentation only: the route sends a Buffer, which Fastify does not serialize.
 */
export function fileAnswer(description: string, mediaTypes: readonly string[]) {
  return {
    description,
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: binary }])),
    headers: {
      'Content-Disposition': {
        type: 'string',
        description: 'inline or attachment, with the file name as filename (ASCII) and filename* (UTF-8), RFC 6266',
      },
    },
  };
}
