/**
 * The demo sign-ins the demo data creates (README, tests, benchmarks). All share the
 * password `demo1234`. The seed (demo-data/users.ts) builds these users from this list.
 */
import type { Task } from '@portal/domain';

export const DEMO_PASSWORD = 'demo1234';

export interface DemoUser {
  loginName: string;
  name: string;
  /** The customer the user belongs to and the user's primary location (names as seeded). */
  customerName: string;
  locationName: string;
  language: 'nb-NO' | 'sv-SE' | 'da-DK' | 'fi-FI' | 'en-US';
  reportLevel: 0 | 1 | 2 | 3 | 4;
  isGlobalAdmin: boolean;
  isCustomerAdmin: boolean;
  isReturnScheme: boolean;
  financeReport: boolean;
  /** Task permissions; empty means every task. */
  tasks: readonly Task[];
  description: string;
}

export const demoUsers: readonly DemoUser[] = [
  {
    loginName: 'admin',
    name: 'Anders Haugen',
    customerName: 'Nordic Pallet Pool AS',
    locationName: 'Nordic Pallet Pool Oslo',
    language: 'nb-NO',
    reportLevel: 4,
    isGlobalAdmin: true,
    isCustomerAdmin: false,
    isReturnScheme: false,
    financeReport: true,
    tasks: [],
    description: 'global admin at the provider (Oslo depot, Norway); may switch customer and user',
  },
  {
    loginName: 'kari',
    name: 'Kari Nordmann',
    customerName: 'Fjordland Dagligvare AS',
    locationName: 'Fjordland Dagligvare Alnabru',
    language: 'nb-NO',
    reportLevel: 1,
    isGlobalAdmin: false,
    isCustomerAdmin: true,
    isReturnScheme: false,
    financeReport: true,
    tasks: [],
    description: 'customer admin of a Norwegian wholesaler with five locations, pooling and commission',
  },
  {
    loginName: 'ole',
    name: 'Ole Hansen',
    customerName: 'Tinde Bryggeri AS',
    locationName: 'Tinde Bryggeri Lørenskog',
    language: 'nb-NO',
    reportLevel: 0,
    isGlobalAdmin: false,
    isCustomerAdmin: false,
    isReturnScheme: false,
    financeReport: false,
    tasks: ['ORDER', 'DISPATCH', 'SHIPMENT', 'RECEPTION', 'REPORTS'],
    description: 'user at a Norwegian supplier location (brewery), pooling',
  },
  {
    loginName: 'lise',
    name: 'Lise Andersson',
    customerName: 'Handelshuset Norden AB',
    locationName: 'Handelshuset Norden Uppsala',
    language: 'sv-SE',
    reportLevel: 0,
    isGlobalAdmin: false,
    isCustomerAdmin: false,
    isReturnScheme: true,
    financeReport: false,
    tasks: [],
    description: 'user at a Swedish retail store in the returns scheme',
  },
  {
    loginName: 'mikko',
    name: 'Mikko Korhonen',
    customerName: 'Pohjolan Tukku Oy',
    locationName: 'Pohjolan Tukku Vantaa',
    language: 'fi-FI',
    reportLevel: 0,
    isGlobalAdmin: false,
    isCustomerAdmin: false,
    isReturnScheme: false,
    financeReport: false,
    tasks: [],
    description: 'user at a Finnish dispatch location (wholesaler) with the container feature',
  },
];
