/**
 * What the demo-data steps share: the seeded generators, "today", and the model of the
 * customers, locations and users built so far (so orders can refer to them by id).
 */

import { base, da, en, Faker, fi, nb_NO, sv } from '@faker-js/faker';
import type { Country } from '@portal/domain';
import { addPlainDays } from '@portal/domain';
import { Rng } from './random.js';

export interface SeedLocation {
  id: number;
  customerId: number;
  name: string;
  typeId: string;
  customerGroup: string;
  countryId: Country;
  currency: string;
  statusId: number;
  isDepot: boolean;
  isSortingDepot: boolean;
  isDefault: boolean;
  isPooling: boolean;
  isCommission: boolean;
  isReturnScheme: boolean;
  isDispatch: boolean;
  isContainerActive: boolean;
  /** Delivers goods to returns-scheme stores (has plastic pallets and crates). */
  suppliesReturns: boolean;
  autoCommit: boolean;
  receptionDays: number;
  returnDays: number;
  productIds: number[];
  /** Users working here (primary or secondary), filled by the users step. */
  userIds: number[];
}

export interface SeedCustomer {
  id: number;
  name: string;
  short: string;
  countryId: Country;
  customerType: string;
  statusId: number;
  domain: string;
  locations: SeedLocation[];
  userIds: number[];
}

export interface SeedExternal {
  id: number;
  customerId: number;
  countryId: Country;
  name: string;
}

export interface SeedWorld {
  provider: SeedCustomer;
  customers: SeedCustomer[];
  locations: SeedLocation[];
  depots: SeedLocation[];
  externals: SeedExternal[];
  /** Provider staff user ids (they confirm, pick and sort). */
  staffUserIds: number[];
  /** Demo sign-in name -> user id and location id. */
  demo: Record<string, { userId: number; locationId: number }>;
}

export interface SeedContext {
  /** The seed the generators started from (steps that need a generator of their own derive one from it). */
  seed: number;
  rng: Rng;
  faker: Record<Country, Faker>;
  today: string;
  /** The latest instant anything in the data happened: the start of today (UTC). */
  now: number;
}

export function createContext(seed: number, today: string): SeedContext {
  const locales = { NO: nb_NO, SE: sv, DK: da, FI: fi } as const;
  const faker = {} as Record<Country, Faker>;
  (Object.keys(locales) as Country[]).forEach((country, i) => {
    const f = new Faker({ locale: [locales[country], en, base] });
    f.seed(seed * 10 + i + 1);
    faker[country] = f;
  });
  return { seed, rng: new Rng(seed), faker, today, now: Date.parse(`${today}T00:00:00Z`) };
}

const DAY = 86_400_000;

/** A plain date (yyyy-MM-dd) plus `days` (negative goes back): the domain's one rule. */
export const addDays = addPlainDays;

/** Whole days from `a` to `b` (both yyyy-MM-dd). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY);
}

/** The instant of a date at a time of day given in minutes after midnight (UTC). */
export function at(date: string, minutes: number): number {
  return Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** Plain ASCII lower case: for login names, e-mail addresses and domains. */
export function ascii(text: string): string {
  return text
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/[øö]/g, 'o')
    .replace(/[åä]/g, 'a')
    .replace(/&/g, 'og')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

export function slug(text: string): string {
  return ascii(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
