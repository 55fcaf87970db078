/** Column helpers shared by the schema files. */
import { bigint, customType, timestamp } from 'drizzle-orm/pg-core';

/** Binary data (uploaded files, logos). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
/** An instant: timestamptz, UTC. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Money in minor currency units (øre, öre, cent). */
export const money = (name: string) => bigint(name, { mode: 'number' });
