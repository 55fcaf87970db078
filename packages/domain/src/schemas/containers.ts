/**
 * Containers and rentals (issue 11; spec sections 2, 3 and 6, "Container"; docs/containers.md):
 * GET Containers, GET Containers/{id}, GET/POST Rentals, GET Rentals/{id}, POST RentalStatus.
 * Quantities in containers; dates plain yyyy-MM-dd (the renting location's country); instants
 * ISO 8601 (UTC); money in integer minor units of `currency`.
 */
import { z } from 'zod';
import { gs1CheckDigit } from '../gln.js';
import { optionalText, queryBool, queryId, text, ZId, ZIdempotencyKey, ZPlainDate } from './common.js';

/** A container's condition: fit to rent (`OK`) or waiting for repair (`NeedsRepair`; not rented out). */
export const containerStatuses = ['OK', 'NeedsRepair'] as const;
export type ContainerStatus = (typeof containerStatuses)[number];

/** A rental's status: asked for (`Registered`) -> containers assigned (`Open`) -> all back and done, or cancelled (`Closed`). */
export const rentalStatuses = ['Registered', 'Open', 'Closed'] as const;
export type RentalStatus = (typeof rentalStatuses)[number];

/** The most containers a rental holds (POST Rentals `quantity`, 1-50). */
export const RENTAL_MAX_QUANTITY = 50;
/** The most containers or rentals a list answers at once (narrow by the filters for more). */
export const CONTAINERS_LIST_MAX = 500;
/** The largest return photo: 5 MB of JPEG or PNG (before base64). */
export const RENTAL_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Whether `grai` is a well-formed GS1 Global Returnable Asset Identifier (GS1 General
 * Specifications, 3.9.3, AI 8003): a 0, 12 digits of GS1 company prefix and asset type, the
 * GS1 mod-10 check digit of those 13 digits (`gs1CheckDigit`, as a GLN's), then an optional
 * serial component of up to 16 characters (here letters and digits).
 */
export function isValidGrai(grai: string): boolean {
  const match = /^(0\d{12})(\d)([A-Za-z0-9]{0,16})$/.exec(grai);
  if (!match) return false;
  return gs1CheckDigit(match[1] as string) === Number(match[2]);
}

/** The GRAI of company prefix + asset type `twelveDigits` (12 digits) and `serial`: the leading 0 and the check digit added. */
export function makeGrai(twelveDigits: string, serial = ''): string {
  const body = `0${twelveDigits}`;
  return `${body}${gs1CheckDigit(body)}${serial}`;
}

/**
 * GET Containers: the caller's containers (customers: at or rented by a location of the scope;
 * provider staff: all), by serial number; narrowed to a location (where it is now), a status,
 * a product, a `term` (part of the serial number or GRAI) or `available` (OK, at a provider
 * depot and not out on a rental: what provider staff may assign).
 */
export const ZContainersQuery = z.object({
  locationId: queryId.optional(),
  productId: queryId.optional(),
  status: z.enum(containerStatuses, { message: 'validation.invalid' }).optional(),
  term: text(40).optional(),
  available: queryBool.optional(),
});
export type ContainersQuery = z.infer<typeof ZContainersQuery>;

/** One container in a list: what it is, its condition, where it is now and which open rental holds it. */
export const ZContainerSummary = z.object({
  id: z.number().int(),
  serialNumber: z.string(),
  grai: z.string().nullable(),
  productId: z.number().int(),
  productName: z.string(),
  status: z.enum(containerStatuses),
  locationId: z.number().int().nullable(),
  locationName: z.string().nullable(),
  /** The country of the location where it is now (ISO 3166 alpha-2), or null. */
  countryId: z.string().nullable(),
  homeLocationId: z.number().int().nullable(),
  homeLocationName: z.string().nullable(),
  /** The rental it is out on now (assigned, not returned), or null. */
  rentalId: z.number().int().nullable(),
});
export type ContainerSummary = z.infer<typeof ZContainerSummary>;

/** Who did a rental's step, and when (an ISO 8601 instant). */
const ZRentalActor = z.object({ userId: z.number().int(), name: z.string(), at: z.string() });

/** A container of a rental with its days and its return check. */
export const ZRentalContainer = z.object({
  containerId: z.number().int(),
  serialNumber: z.string(),
  grai: z.string().nullable(),
  assignedOn: ZPlainDate,
  returnedOn: ZPlainDate.nullable(),
  returnStatus: z.enum(containerStatuses).nullable(),
  returnComment: z.string().nullable(),
  /** Whether the return check has a photo (GET Rentals/{id}/photo?containerId=). */
  hasPhoto: z.boolean(),
  /** Days held: assigned to returned (or today) inclusive. */
  days: z.number().int(),
});
export type RentalContainer = z.infer<typeof ZRentalContainer>;

/** One rental in a list. */
export const ZRentalSummary = z.object({
  id: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  customerName: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  quantity: z.number().int(),
  status: z.enum(rentalStatuses),
  startDate: ZPlainDate,
  endDate: ZPlainDate.nullable(),
  /** Containers assigned so far, and of them those out now (not returned). */
  assigned: z.number().int(),
  out: z.number().int(),
});
export type RentalSummary = z.infer<typeof ZRentalSummary>;

/**
 * One rental: its containers with their days and checks, the container-days so far and (only
 * for those who may see money: docs/domain.md, "Who sees money") the day rent accrued so far;
 * `may` says which steps the caller may take now.
 */
export const ZRental = ZRentalSummary.extend({
  /** The renting location's country (ISO 3166 alpha-2): its depots come first when assigning. */
  countryId: z.string(),
  depotLocationId: z.number().int().nullable(),
  depotName: z.string().nullable(),
  comment: z.string().nullable(),
  /** The container order whose delivery registered this rental (docs/container-orders.md), or null. */
  containerOrderId: z.number().int().nullable(),
  registered: ZRentalActor.nullable(),
  opened: ZRentalActor.nullable(),
  closed: ZRentalActor.nullable(),
  containers: z.array(ZRentalContainer),
  /** Container-days held so far: each container from assigned to returned (or today), inclusive. */
  containerDays: z.number().int(),
  /** The day rent so far (container-days x the price list's day rent), or null for a caller who may not see money. */
  rent: z.object({ dayRent: z.number().int(), amount: z.number().int(), currency: z.string() }).nullable(),
  may: z.object({ assign: z.boolean(), return: z.boolean(), close: z.boolean(), cancel: z.boolean() }),
});
export type Rental = z.infer<typeof ZRental>;

/** One container's detail: its rentals (the caller's) with their return checks. */
export const ZContainer = ZContainerSummary.extend({
  note: z.string().nullable(),
  rentals: z.array(
    z.object({
      rentalId: z.number().int(),
      locationId: z.number().int(),
      locationName: z.string(),
      status: z.enum(rentalStatuses),
      assignedOn: ZPlainDate,
      returnedOn: ZPlainDate.nullable(),
      returnStatus: z.enum(containerStatuses).nullable(),
      returnComment: z.string().nullable(),
    }),
  ),
});
export type Container = z.infer<typeof ZContainer>;

/** GET Rentals: the caller's rentals, newest start first; narrowed to a location, a status and a day the rental covers. */
export const ZRentalsQuery = z.object({
  locationId: queryId.optional(),
  status: z.enum(rentalStatuses, { message: 'validation.invalid' }).optional(),
  /** Rentals whose period (start to end, or open-ended) covers this day. */
  date: ZPlainDate.optional(),
});
export type RentalsQuery = z.infer<typeof ZRentalsQuery>;

/**
 * POST Rentals: a location of the caller's scope (container-active, not a depot) rents
 * `quantity` containers of a container product from `startDate` (planned last day `endDate`, on
 * or after the start, or open-ended). `idempotencyKey`: the same key twice from one user registers
 * one rental and answers it (issue 20).
 */
export const ZRegisterRentalRequest = z
  .object({
    locationId: ZId,
    productId: ZId,
    quantity: z
      .number({ message: 'validation.integer' })
      .int({ message: 'validation.integer' })
      .min(1, { message: 'validation.tooSmall' })
      .max(RENTAL_MAX_QUANTITY, { message: 'validation.tooBig' }),
    startDate: ZPlainDate,
    endDate: ZPlainDate.optional(),
    comment: optionalText(1000),
    /** The same key twice from one user registers one rental (`ZIdempotencyKey`). */
    idempotencyKey: ZIdempotencyKey.optional(),
  })
  .refine((r) => !r.endDate || r.endDate >= r.startDate, { message: 'validation.dateRange', path: ['endDate'] });
export type RegisterRentalRequest = z.infer<typeof ZRegisterRentalRequest>;

/**
 * A return photo: a data URL of a JPEG or PNG (`data:image/jpeg;base64,...`), at most
 * RENTAL_PHOTO_MAX_BYTES once decoded; the server checks the bytes themselves.
 */
export const ZRentalPhoto = z
  .string()
  .max(Math.ceil((RENTAL_PHOTO_MAX_BYTES * 4) / 3) + 32, { message: 'containers.photoTooLarge' })
  .regex(/^data:image\/(jpeg|png);base64,[A-Za-z0-9+/]+={0,2}$/, { message: 'containers.photoType' });

/** One returned container: its check (a NeedsRepair needs a comment) and an optional photo. */
export const ZRentalReturn = z
  .object({
    containerId: ZId,
    check: z.enum(containerStatuses, { message: 'validation.invalid' }),
    comment: optionalText(1000),
    photo: ZRentalPhoto.optional(),
  })
  .refine((r) => r.check === 'OK' || !!r.comment, { message: 'containers.repairComment', path: ['comment'] });

const noDuplicates = (ids: number[]) => new Set(ids).size === ids.length;

/**
 * POST RentalStatus, one step of a rental:
 * - `Open`: provider staff assign `containerIds` (OK, at one provider depot, not out; the
 *   rental's quantity, or fewer with a `comment` saying why);
 * - `Returned`: the renting location (or provider staff) returns some or all containers out, each
 *   with its check; the rental stays Open;
 * - `Closed`: provider staff close a rental whose containers are all back, or cancel a Registered
 *   one (the renting location may cancel its own Registered rental).
 */
export const ZRentalStatusRequest = z.discriminatedUnion(
  'status',
  [
    z.object({
      id: ZId,
      status: z.literal('Open'),
      containerIds: z
        .array(ZId)
        .min(1, { message: 'validation.noLines' })
        .max(RENTAL_MAX_QUANTITY, { message: 'validation.tooLong' })
        .refine(noDuplicates, { message: 'validation.duplicate' }),
      comment: optionalText(1000),
    }),
    z.object({
      id: ZId,
      status: z.literal('Returned'),
      returns: z
        .array(ZRentalReturn)
        .min(1, { message: 'validation.noLines' })
        .max(RENTAL_MAX_QUANTITY, { message: 'validation.tooLong' })
        .refine((list) => noDuplicates(list.map((r) => r.containerId)), { message: 'validation.duplicate' }),
    }),
    z.object({ id: ZId, status: z.literal('Closed'), comment: optionalText(1000) }),
  ],
  { message: 'validation.invalid' },
);
export type RentalStatusRequest = z.infer<typeof ZRentalStatusRequest>;

/** GET ContainerProducts: a product a rental may be of (its carrier type is a container), named in the caller's language. */
export const ZContainerProduct = z.object({ id: z.number().int(), name: z.string() });
export type ContainerProduct = z.infer<typeof ZContainerProduct>;

/** GET Rentals/{id}/photo: which container's return photo. */
export const ZRentalPhotoQuery = z.object({ containerId: queryId });
