/**
 * Saving a new pallet receipt from the dock's form (docs/pallet-receipts.md, "Screens"): POST
 * PalletReceipts with the form's idempotency key (one per form, so a retry after a lost answer
 * answers the same receipt; issue 20), then POST PalletReceiptSignature per drawn signature (one
 * that fails is listed; the receipt stays saved). Also the form's small helpers.
 */
import type { CreateInventoryReceiptRequest, CreatePalletReceiptRequest, PalletReceipt, PalletReceiptParty } from '@portal/domain';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { useCreatePalletReceipt, useSignPalletReceipt } from '../api/pallet-receipts';

/** Form errors by field key (`<i>.<field>` for a line). */
export type Errors = Record<string, string>;

/** `yyyy-MM-ddTHH:mm` of `date` in the device's time zone (the value of a datetime-local input). */
export function localDateTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The server's field messages on the form's keys: `lines.<i>.<field>` becomes `<i>.<field>` of the lines. */
export function fieldErrors(error: unknown): Errors {
  const fields = error instanceof ApiError ? error.fields : {};
  const mapped: Errors = {};
  for (const [path, message] of Object.entries(fields)) {
    const line = /^lines\.(\d+)\.(\w+)/.exec(path);
    mapped[line ? `${line[1]}.${line[2]}` : path] = message;
  }
  return mapped;
}

/**
 * A random idempotency key (32 hex digits). `crypto.getRandomValues` works outside secure
 * contexts too (a phone on the warehouse's network over plain http), `randomUUID` does not.
 */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A signature to send after saving. */
export interface DrawnSignature {
  party: PalletReceiptParty;
  name: string;
  image: string;
  /** How the failure of this one is listed ("Driver (hands over): <reason>"). */
  label: string;
}

/** The save: the receipt (throws `ApiError` when refused), then the signatures; answers the receipt and the signatures that failed. */
export function useSaveReceipt() {
  const [idempotencyKey] = useState(newIdempotencyKey);
  const create = useCreatePalletReceipt();
  const sign = useSignPalletReceipt();
  return async (
    request: CreatePalletReceiptRequest | CreateInventoryReceiptRequest,
    signatures: DrawnSignature[],
  ): Promise<{ receipt: PalletReceipt; unsigned: string[] }> => {
    const receipt = await create.mutateAsync({ ...request, idempotencyKey });
    const unsigned: string[] = [];
    let latest = receipt;
    for (const { party, name, image, label } of signatures) {
      try {
        latest = { ...(await sign.mutateAsync({ id: receipt.id, party, name, image })), qrUrl: receipt.qrUrl };
      } catch (error) {
        unsigned.push(`${label}: ${(error as Error).message}`);
      }
    }
    return { receipt: latest, unsigned };
  };
}
