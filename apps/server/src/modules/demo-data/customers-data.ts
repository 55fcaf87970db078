/**
 * The demo customers (fictional companies in real Nordic cities) and their locations.
 * A site is `City[:postal code digits][|label][#flags][!]`: the location is called
 * "<short> <label or city>"; flags (overriding the customer's) are P pooling, C commission,
 * R returns scheme, D dispatch, K container active, S supplies returns-scheme stores (gets
 * plastic pallets and crates); `!` blocks the location. The first site is the default one.
 */
import type { Country, LocationType } from '@portal/domain';
import { danishAndFinnishCustomers } from './customers-data-dk-fi.js';

export interface CustomerSpec {
  name: string;
  short: string;
  country: Country;
  customerType: 'supplier' | 'wholesale' | 'retail' | 'haulier';
  typeId: Exclude<LocationType, 'NLP'>;
  flags: string;
  sites: string[];
  /** Corporate group key; `corporate` marks the group's parent company. */
  group?: string;
  corporate?: boolean;
  blocked?: boolean;
}

export const providerName = 'Nordic Pallet Pool AS';

export const customerSpecs: CustomerSpec[] = [
  // Norway
  {
    name: 'Fjordland Dagligvare AS',
    short: 'Fjordland Dagligvare',
    country: 'NO',
    customerType: 'wholesale',
    typeId: 'GRS',
    flags: 'PCS',
    group: 'nordhandel',
    sites: ['Oslo:0668|Alnabru', 'Oslo:0668|Alnabru Frysellager', 'Bergen:5258|Bergen', 'Trondheim:7080|Trondheim', 'Vestby'],
  },
  {
    name: 'Nordhandel Gruppen AS',
    short: 'Nordhandel',
    country: 'NO',
    customerType: 'wholesale',
    typeId: 'GRS',
    flags: 'C',
    group: 'nordhandel',
    corporate: true,
    sites: ['Oslo:0250|Hovedkontor'],
  },
  {
    name: 'Nærbutikken AS',
    short: 'Nærbutikken',
    country: 'NO',
    customerType: 'retail',
    typeId: 'BUT',
    flags: 'P',
    group: 'nordhandel',
    sites: ['Oslo:0555|Grünerløkka', 'Oslo:0355|Majorstuen', 'Drammen', 'Tønsberg', 'Larvik', 'Hamar', 'Lillehammer', 'Gjøvik'],
  },
  {
    name: 'Tinde Bryggeri AS',
    short: 'Tinde Bryggeri',
    country: 'NO',
    customerType: 'supplier',
    typeId: 'LEV',
    flags: 'P',
    sites: ['Lørenskog:1473', 'Trondheim', 'Larvik'],
  },
  {
    name: 'Havbris Sjømat AS',
    short: 'Havbris Sjømat',
    country: 'NO',
    customerType: 'supplier',
    typeId: 'LEV',
    flags: 'C',
    sites: ['Ålesund#CD', 'Bodø', 'Tromsø'],
  },
  {
    name: 'Vestlandsmeieriet SA',
    short: 'Vestlandsmeieriet',
    country: 'NO',
    customerType: 'supplier',
    typeId: 'LEV',
    flags: 'P',
    sites: ['Bergen', 'Haugesund', 'Molde'],
  },
  {
    name: 'Grønt & Frukt Import AS',
    short: 'Grønt & Frukt',
    country: 'NO',
    customerType: 'wholesale',
    typeId: 'GRS',
    flags: 'PD',
    sites: ['Oslo:0581|Økern', 'Drammen'],
  },
  {
    name: 'Bakeriet Fjellstua AS',
    short: 'Bakeriet Fjellstua',
    country: 'NO',
    customerType: 'supplier',
    typeId: 'LEV',
    flags: 'C',
    sites: ['Hamar', 'Gjøvik'],
  },
  {
    name: 'Nordlys Transport AS',
    short: 'Nordlys Transport',
    country: 'NO',
    customerType: 'haulier',
    typeId: 'TRP',
    flags: 'PC',
    sites: ['Oslo:1053|Furuset', 'Bergen'],
  },
  {
    name: 'Byggvarehuset Sør AS',
    short: 'Byggvarehuset',
    country: 'NO',
    customerType: 'retail',
    typeId: 'BUT',
    flags: 'CK',
    sites: ['Kristiansand', 'Sandnes'],
  },
  {
    name: 'Østfold Emballasje AS',
    short: 'Østfold Emballasje',
    country: 'NO',
    customerType: 'supplier',
    typeId: 'LEV',
    flags: 'C',
    blocked: true,
    sites: ['Fredrikstad!', 'Sarpsborg!'],
  },
  { name: 'Polar Frys AS', short: 'Polar Frys', country: 'NO', customerType: 'supplier', typeId: 'LEV', flags: 'PK', sites: ['Tromsø'] },
  {
    name: 'Kystfrakt AS',
    short: 'Kystfrakt',
    country: 'NO',
    customerType: 'haulier',
    typeId: 'TRP',
    flags: 'C',
    sites: ['Bergen', 'Ålesund', 'Kristiansand'],
  },
  {
    name: 'Moss Plastindustri AS',
    short: 'Moss Plast',
    country: 'NO',
    customerType: 'supplier',
    typeId: 'LEV',
    flags: 'PCS',
    sites: ['Moss'],
  },
  // Sweden
  {
    name: 'Handelshuset Norden AB',
    short: 'Handelshuset Norden',
    country: 'SE',
    customerType: 'retail',
    typeId: 'BUT',
    flags: 'R',
    sites: [
      'Uppsala',
      'Stockholm:11130|Södermalm',
      'Stockholm:11221|Kungsholmen',
      'Göteborg:41103|Nordstan',
      'Göteborg:42130|Frölunda',
      'Malmö',
      'Västerås',
      'Örebro',
      'Linköping',
      'Jönköping',
    ],
  },
  {
    name: 'Svea Grossist AB',
    short: 'Svea Grossist',
    country: 'SE',
    customerType: 'wholesale',
    typeId: 'GRS',
    flags: 'PCS',
    sites: ['Stockholm:12060|Årsta', 'Göteborg:42246|Hisings Backa', 'Malmö', 'Jönköping#PCDS'],
  },
  {
    name: 'Bergkvist Mejeri AB',
    short: 'Bergkvist Mejeri',
    country: 'SE',
    customerType: 'supplier',
    typeId: 'LEV',
    flags: 'PS',
    sites: ['Jönköping', 'Linköping'],
  },
  {
    name: 'Skånska Grönsaker AB',
    short: 'Skånska Grönsaker',
    country: 'SE',
    customerType: 'supplier',
    typeId: 'LEV',
    flags: 'CS',
    sites: ['Helsingborg', 'Malmö'],
  },
  {
    name: 'Norrlands Fisk AB',
    short: 'Norrlands Fisk',
    country: 'SE',
    customerType: 'supplier',
    typeId: 'LEV',
    flags: 'PC',
    sites: ['Umeå', 'Luleå', 'Sundsvall'],
  },
  {
    name: 'Mälardalens Bryggeri AB',
    short: 'Mälardalens Bryggeri',
    country: 'SE',
    customerType: 'supplier',
    typeId: 'LEV',
    flags: 'PK',
    sites: ['Västerås', 'Örebro', 'Eskilstuna'],
  },
  {
    name: 'Sundqvist Åkeri AB',
    short: 'Sundqvist Åkeri',
    country: 'SE',
    customerType: 'haulier',
    typeId: 'TRP',
    flags: 'C',
    sites: ['Göteborg', 'Borås'],
  },
  {
    name: 'Lagerhuset Väst AB',
    short: 'Lagerhuset Väst',
    country: 'SE',
    customerType: 'wholesale',
    typeId: 'GRS',
    flags: 'PD',
    sites: ['Göteborg', 'Borås', 'Halmstad'],
  },
  {
    name: 'Kvarnen Bageri AB',
    short: 'Kvarnen Bageri',
    country: 'SE',
    customerType: 'supplier',
    typeId: 'LEV',
    flags: 'C',
    sites: ['Norrköping', 'Gävle!'],
  },
  {
    name: 'Fors Bygghandel AB',
    short: 'Fors Bygghandel',
    country: 'SE',
    customerType: 'retail',
    typeId: 'BUT',
    flags: 'C',
    sites: ['Södertälje', 'Gävle', 'Sundsvall'],
  },
  {
    name: 'Östgöta Frukt AB',
    short: 'Östgöta Frukt',
    country: 'SE',
    customerType: 'supplier',
    typeId: 'LEV',
    flags: 'PCS',
    sites: ['Norrköping', 'Linköping'],
  },
  // Denmark and Finland: customers-data-dk-fi.ts
  ...danishAndFinnishCustomers,
];
