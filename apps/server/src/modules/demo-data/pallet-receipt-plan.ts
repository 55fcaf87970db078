/**
 * What the demo's pallet receipts are (demo-data/pallet-receipts.ts writes them; issue 11 and 20): one
 * of each state a user meets, at ole's dock, days before the demo's today.
 */

/** A dispute of a final receipt: raised `daysAfter` its handover by `by`, corrected a day later or still open. */
export interface PlannedDispute {
  by: 'ole' | 'kari';
  daysAfter: number;
  status: 'open' | 'corrected';
  reason: string;
  comment?: string;
  lines: [delivered: number, returned: number][];
}

export interface Planned {
  daysAgo: number;
  minutes: number;
  counterparty: 'portal' | 'external' | 'stranger' | null;
  status: 'confirmed' | 'lapsed' | 'signed' | 'open' | 'disputed' | 'approval' | 'inventory';
  haulier: string;
  carNumber: string;
  lines: [delivered: number, returned: number][];
  dispute?: PlannedDispute;
}

export const plan: Planned[] = [
  {
    daysAgo: 24,
    minutes: 7 * 60 + 40,
    counterparty: 'portal',
    status: 'confirmed',
    haulier: 'Bring Cargo',
    carNumber: 'EL 48213',
    lines: [
      [33, 30],
      [0, 12],
    ],
    dispute: {
      by: 'ole',
      daysAfter: 2,
      status: 'corrected',
      reason: 'Vi leverte tilbake 10 halvpaller, ikke 12: to ble stående igjen på rampen.',
      comment: 'Stemmer med bildene fra rampen. Korrigert med 2 halvpaller.',
      lines: [[0, 10]],
    },
  },
  {
    daysAgo: 15,
    minutes: 9 * 60 + 5,
    counterparty: 'portal',
    status: 'confirmed',
    haulier: 'Schenker Lørenskog',
    carNumber: 'EB 20417',
    lines: [
      [26, 26],
      [4, 0],
    ],
    dispute: {
      by: 'kari',
      daysAfter: 3,
      status: 'open',
      reason: 'Ved opptelling på lageret fant vi bare 24 EUR-paller fra denne leveransen, ikke 26.',
      lines: [[26, 24]],
    },
  },
  {
    daysAgo: 9,
    minutes: 13 * 60 + 20,
    counterparty: 'external',
    status: 'signed',
    haulier: 'Nortrail Transport',
    carNumber: 'DR 77120',
    lines: [[0, 18]],
  },
  {
    daysAgo: 6,
    minutes: 6 * 60 + 50,
    counterparty: 'portal',
    status: 'lapsed',
    haulier: 'Bring Cargo',
    carNumber: 'EL 48213',
    lines: [[40, 36]],
  },
  {
    daysAgo: 3,
    minutes: 10 * 60 + 15,
    counterparty: 'portal',
    status: 'disputed',
    haulier: 'Postnord Alnabru',
    carNumber: 'EK 55302',
    lines: [
      [22, 30],
      [6, 0],
    ],
  },
  {
    daysAgo: 1,
    minutes: 8 * 60 + 30,
    counterparty: 'portal',
    status: 'open',
    haulier: 'Schenker Lørenskog',
    carNumber: 'EB 20417',
    lines: [[30, 24]],
  },
  {
    daysAgo: 1,
    minutes: 14 * 60 + 10,
    counterparty: 'stranger',
    status: 'approval',
    haulier: 'DSV Road',
    carNumber: 'SE ABC123',
    lines: [[12, 12]],
  },
  { daysAgo: 2, minutes: 15 * 60, counterparty: null, status: 'inventory', haulier: '', carNumber: '', lines: [] },
];

/** The counterparty's objection to the disputed receipt (Norwegian, as both parties are). */
export const OBJECTION = 'Vi fikk bare 16 EUR-paller tilbake, ikke 30. Sjåføren telte feil på rampen.';
