/**
 * Quantities of load carriers. Units: carriers (pallets, crates), integers.
 * Source: spec section 5 ("Number input", "Quantity must be divisible by the step").
 */

/** Whether an ordered or picked quantity is a whole number of full stacks of `qtyHeight`. */
export function isQuantityOnStep(quantity: number, qtyHeight: number): boolean {
  if (!Number.isInteger(quantity) || quantity < 0) return false;
  const step = Math.max(1, Math.trunc(qtyHeight));
  return quantity % step === 0;
}

export interface NumberInputOptions {
  /** Default 0. */
  min?: number;
  /** Default unbounded. */
  max?: number;
  /** Default 1. */
  step?: number;
  /** Subtracted from max when capping (spec: "capped at max minus offset"). Default 0. */
  offset?: number;
}

/**
 * Normalises a typed number-input value (spec section 5): integers only, capped at
 * `max - offset`, not below `min`, and snapped down to the step grid. `offStep` tells
 * that the typed value was not on the grid (the input fires its wrong-step event).
 * Returns `null` for an empty input.
 */
export function normaliseNumberInput(
  raw: string | number | null | undefined,
  options: NumberInputOptions = {},
): { value: number | null; offStep: boolean } {
  const min = options.min ?? 0;
  const max = options.max ?? Number.POSITIVE_INFINITY;
  const step = Math.max(1, Math.trunc(options.step ?? 1));
  const offset = options.offset ?? 0;
  if (raw === null || raw === undefined || raw === '' || raw === '-') return { value: null, offStep: false };
  const parsed = typeof raw === 'number' ? Math.trunc(raw) : Number.parseInt(String(raw).replace(/[^\d-]/g, ''), 10);
  if (Number.isNaN(parsed)) return { value: null, offStep: false };
  let value = Math.min(parsed, max - offset);
  value = Math.max(value, min);
  const offStep = (value - min) % step !== 0;
  if (offStep) value = value - ((((value - min) % step) + step) % step);
  return { value, offStep };
}

/** One step up or down with the arrow keys, within min and max - offset (spec section 5). */
export function stepNumberInput(value: number | null, direction: 1 | -1, options: NumberInputOptions = {}): number {
  const min = options.min ?? 0;
  const max = (options.max ?? Number.POSITIVE_INFINITY) - (options.offset ?? 0);
  const step = Math.max(1, Math.trunc(options.step ?? 1));
  const next = (value ?? min) + direction * step;
  return Math.min(Math.max(next, min), max);
}

/**
 * Whether the number input shows its warning icon (spec section 5): value above 0 and at or
 * above `warnAt`, or at or below `warnBelow`.
 */
export function numberInputWarns(value: number | null, warnAt?: number, warnBelow?: number): boolean {
  if (value === null || value <= 0) return false;
  return (warnAt !== undefined && value >= warnAt) || (warnBelow !== undefined && value <= warnBelow);
}

/** Picked-volume tolerance: more than 20% from ordered warns (spec section 9). */
export const PICKED_VOLUME_TOLERANCE = 0.2;

/** Whether a picked quantity deviates more than the tolerance from the ordered one. */
export function pickedVolumeWarns(ordered: number, picked: number): boolean {
  if (ordered === 0) return picked !== 0;
  return Math.abs(picked - ordered) / ordered > PICKED_VOLUME_TOLERANCE;
}
