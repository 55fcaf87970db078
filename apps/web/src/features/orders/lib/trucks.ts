/**
 * Choosing the truck of an order (spec section 5: "Fuel and car type must be chosen before
 * proceeding"; section 3: truck types with their stack heights). Pure rules of the order and
 * scheduled-order dialogs' fuel and car type selects.
 */
import type { TruckType } from '@portal/domain';

/** The truck type `truckTypeId` stands for: itself, or the default one when null. */
export function chosenTruck(trucks: readonly TruckType[], truckTypeId: number | null): TruckType | undefined {
  return trucks.find((candidate) => candidate.id === truckTypeId) ?? trucks.find((candidate) => candidate.isDefault) ?? trucks[0];
}

/** The fuels the truck types run on, each once, in the order of the list. */
export function truckFuels(trucks: readonly TruckType[]): string[] {
  return [...new Set(trucks.map((truck) => truck.fuel))];
}

/** The car type to move to when `fuel` is chosen: the current one if it runs on it, else the default or the first that does. */
export function truckForFuel(trucks: readonly TruckType[], current: TruckType | undefined, fuel: string): TruckType | undefined {
  if (current?.fuel === fuel) return current;
  const candidates = trucks.filter((truck) => truck.fuel === fuel);
  return candidates.find((truck) => truck.isDefault) ?? candidates[0];
}
