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
