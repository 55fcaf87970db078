/**
 * Countries and postal places of the demo data: real city names with their postal codes.
 * Per country one line per city: `City: tokens`, where a token is a code (`0580`), a range
 * (`7010-7034`, or `00100-00990/10` with a step) and may name its own postal place
 * (`5257=Kokstad`, `2200=København_N`; `_` is a space). Swedish codes are written without
 * the space and stored as `417 05` (the mask `### ##`). In a country with a real register
 * (postal-registers.ts) a code the register does not know is left out and the register's
 * place name wins, so the demo's addresses stay valid against the register.
 */
import type { Country } from '@portal/domain';
import { countryRows, registerCountries, registerPlaces } from '../../db/postal-registers.js';

export { countryRows };

export const languageByCountry: Record<Country, string> = { NO: 'nb-NO', SE: 'sv-SE', DK: 'da-DK', FI: 'fi-FI' };

const postalText: Record<Country, string> = {
  NO: `
Oslo: 0150-0162 0250-0260 0350-0360 0450-0462 0484 0550-0560 0570 0575 0580-0582 0585 0595-0598 0650-0672 0975-0988 1051 1053 1055 1081 1083 1086 1150-1158
Bergen: 5003-5022 5031-5039 5052-5059 5063 5067 5068 5072 5073 5075 5081 5089 5254=Sandsli 5257=Kokstad 5258=Blomsterdalen
Trondheim: 7010-7034 7036-7059 7066-7070 7072 7074 7075 7078 7079 7080=Heimdal 7081=Sjetnemarka 7082=Kattem 7088=Heimdal 7089=Heimdal 7091=Tiller
Stavanger: 4005-4029 4031-4036 4041-4049
Sandnes: 4306-4329
Drammen: 3011-3048
Kristiansand: 4608-4639
Tromsø: 9006-9020 9022 9024 9027 9030 9034 9037 9038
Fredrikstad: 1601-1641
Sarpsborg: 1701-1727
Moss: 1501-1536
Lillestrøm: 2000 2004-2007 2010=Strømmen 2011=Strømmen 2013=Skjetten 2020=Skedsmokorset
Lørenskog: 1470-1476
Vestby: 1540 1541
Ski: 1400 1401 1406
Jessheim: 2050-2054 2060=Gardermoen 2061=Gardermoen
Hamar: 2315-2319 2321 2322=Ridabu 2326
Gjøvik: 2815-2822
Lillehammer: 2609-2619 2624-2626
Larvik: 3256-3271
Tønsberg: 3110-3128
Ålesund: 6002-6026
Molde: 6401-6416 6418 6419 6421
Bodø: 8001 8003 8005-8016 8019-8023 8026-8031 8037 8038 8041
Haugesund: 5501 5519 5521-5538`,
  SE: `
Stockholm: 11120-11160 11220-11260 11321-11350 11431-11460 11520-11530 11620-11665 11720-11770 12030 12031 12032 12047=Enskede_Gård 12060=Årsta 12162=Johanneshov 12163=Johanneshov
Göteborg: 41101-41140 41250-41280 41301-41330 41451-41480 41502-41530 41652-41680 41701-41730 42130=Västra_Frölunda 42131=Västra_Frölunda 42246=Hisings_Backa 42250=Hisings_Backa
Malmö: 21118-21149 21212-21240 21363-21378 21420-21436 21532-21545 21611-21630 21741-21760
Uppsala: 75103-75149 75218-75263 75309-75331
Västerås: 72130-72136 72212-72236 72335-72361
Örebro: 70210-70230 70340-70385
Linköping: 58222-58278 58330-58337 58662-58667
Jönköping: 55302-55322 55438-55475
Helsingborg: 25107-25125 25220-25270 25433-25469
Norrköping: 60210-60237 60341-60386
Gävle: 80250-80267 80310-80324 80630-80649
Umeå: 90325-90347 90420-90441 90620-90640
Borås: 50330-50342 50430-50470 50630-50649
Sundsvall: 85230-85243 85350-85358 85630-85642
Luleå: 97231-97254 97331-97345 97431-97445
Eskilstuna: 63220-63235 63340-63362 63508-63519
Halmstad: 30230-30263
Södertälje: 15130-15173 15230-15258
Märsta: 19530-19561`,
  DK: `
København: 1050-1070=København_K 1150-1162=København_K 1250-1270=København_K 1350-1371=København_K 1450-1473=København_K 1550-1577=København_V 1600-1624=København_V 1650-1677=København_V 1700-1720=København_V 1800-1830=Frederiksberg_C 2000=Frederiksberg 2100=København_Ø 2150=Nordhavn 2200=København_N 2300=København_S 2400=København_NV 2450=København_SV 2500=Valby 2700=Brønshøj 2720=Vanløse 2770=Kastrup
Brøndby: 2605=Brøndby 2600=Glostrup 2610=Rødovre 2620=Albertslund 2625=Vallensbæk 2630=Taastrup 2635=Ishøj 2640=Hedehusene 2650=Hvidovre 2660=Brøndby_Strand 2670=Greve 2680=Solrød_Strand 2690=Karlslunde
Nordsjælland: 2730=Herlev 2740=Skovlunde 2750=Ballerup 2760=Måløv 2800=Kongens_Lyngby 2860=Søborg 2880=Bagsværd 3000=Helsingør 3400=Hillerød 3450=Allerød 3460=Birkerød 3500=Værløse 3520=Farum
Roskilde: 4000
Køge: 4600
Næstved: 4700
Slagelse: 4200
Holbæk: 4300
Ringsted: 4100
Aarhus: 8000=Aarhus_C 8200=Aarhus_N 8210=Aarhus_V 8220=Brabrand 8230=Åbyhøj 8240=Risskov 8250=Egå 8260=Viby_J 8270=Højbjerg 8361=Hasselager 8380=Trige 8381=Tilst 8520=Lystrup 8530=Hjortshøj
Odense: 5000=Odense_C 5200=Odense_V 5210=Odense_NV 5220=Odense_SØ 5230=Odense_M 5240=Odense_NØ 5250=Odense_SV 5260=Odense_S 5270=Odense_N
Aalborg: 9000 9200=Aalborg_SV 9210=Aalborg_SØ 9220=Aalborg_Øst 9400=Nørresundby
Esbjerg: 6700 6705=Esbjerg_Ø 6710=Esbjerg_V 6715=Esbjerg_N
Randers: 8900=Randers_C 8920=Randers_NV 8930=Randers_NØ 8940=Randers_SV 8960=Randers_SØ
Kolding: 6000
Vejle: 7100 7120=Vejle_Øst
Fredericia: 7000
Horsens: 8700
Herning: 7400
Silkeborg: 8600
Holstebro: 7500
Viborg: 8800
Padborg: 6330
Skive: 7800
Middelfart: 5500
Svendborg: 5700
Nyborg: 5800
Haderslev: 6100
Aabenraa: 6200
Sønderborg: 6400
Hedensted: 8722
Hvide Sande: 6960
Hjørring: 9800
Frederikshavn: 9900
Thisted: 7700
Grindsted: 7200
Billund: 7190`,
  FI: `
Helsinki: 00100-00990/10
Espoo: 02100-02380/10 02600-02780/10
Vantaa: 01200 01230 01260 01280 01300 01350-01400/10 01420 01450 01480 01490 01510 01520 01530 01600-01770/10
Tampere: 33100 33180 33200 33210 33230 33240 33250 33270 33300 33310 33330 33340 33400-33430/10 33470=Ylöjärvi 33500 33520 33530 33540 33560 33580 33610 33700-33730/10 33800 33820 33840 33850 33870 33900
Turku: 20100 20200 20210 20240 20250 20300 20320 20360 20380 20400 20460 20500 20520 20540 20610 20700 20720 20740 20750 20760=Piispanristi 20780=Kaarina 20810 20880 20900 20960 21420=Lieto
Oulu: 90100-90150/10 90200-90250/10 90400-90420/10 90460=Oulunsalo 90500-90580/10 90620 90630 90650
Jyväskylä: 40100 40200 40250 40270 40320 40340 40400 40420 40500 40520 40530 40600-40640/10 40700
Lahti: 15100 15110 15140-15170/10 15200 15210 15240 15300 15320 15340 15500 15540-15560/10 15610 15680 15700 15850-15880/10 15900
Kuopio: 70100 70110 70150 70200 70210 70260 70300 70340 70420 70460 70500 70600 70620 70700 70780 70800 70820 70840 70870 70900
Hämeenlinna: 13100 13130 13200-13220/10 13250 13270 13300 13430 13500 13600
Kerava: 04200 04220 04230 04250 04260
Järvenpää: 04400-04440/10
Tuusula: 04300-04320/10
Pori: 28100 28120 28130 28190 28200 28220 28300 28330 28360 28370 28400 28430 28500 28540 28600
Vaasa: 65100 65170 65200 65230 65280 65300 65320 65350 65370 65380 65410
Kotka: 48100 48200-48230/10 48300 48310 48400 48410 48600 48720 48770 48800 48810
Seinäjoki: 60100 60120 60150 60200 60220 60320 60420 60510
Lappeenranta: 53100 53130 53200 53300 53400 53500 53550 53600 53650 53810 53850 53900
Rovaniemi: 96100 96190 96200 96300 96320 96400 96440 96460 96500 96900 96930
Kouvola: 45100 45120 45130 45150 45160 45200 45360 45370 45410 45610 45700
Hyvinkää: 05800-05840/10 05880 05900
Porvoo: 06100 06150 06400 06450 06500`,
};

export interface PostalPlace {
  countryId: Country;
  city: string;
  postalCode: string;
  name: string;
}

/** Writes a code as the country writes it (Sweden: `417 05`). */
export function formatPostalCode(country: Country, digits: string): string {
  return country === 'SE' ? `${digits.slice(0, 3)} ${digits.slice(3)}` : digits;
}

function parse(): PostalPlace[] {
  const places: PostalPlace[] = [];
  for (const [country, text] of Object.entries(postalText) as [Country, string][]) {
    for (const line of text.trim().split('\n')) {
      const [city = '', tokens = ''] = line.split(':').map((s) => s.trim());
      for (const token of tokens.split(/\s+/)) {
        const [range = '', named] = token.split('=');
        const [span = '', stepText] = range.split('/');
        const [first = '', last = first] = span.split('-');
        const step = Number(stepText ?? 1);
        const name = named ? named.replace(/_/g, ' ') : city;
        for (let n = Number(first); n <= Number(last); n += step) {
          const postalCode = formatPostalCode(country, String(n).padStart(first.length, '0'));
          if (!registerCountries.has(country)) {
            places.push({ countryId: country, city, postalCode, name });
            continue;
          }
          const known = registerPlaces().get(`${country}:${postalCode}`);
          if (known) places.push({ countryId: country, city, postalCode, name: known.name });
        }
      }
    }
  }
  return places;
}

/** Every postal place of the demo data. */
export const postalPlaces: readonly PostalPlace[] = parse();

/** The postal places of a city (the city names of `postalText`). */
export function placesOf(country: Country, city: string): PostalPlace[] {
  const list = postalPlaces.filter((p) => p.countryId === country && p.city === city);
  if (list.length === 0) throw new Error(`No postal places for ${city} (${country})`);
  return list;
}

/** The provider's depots: real-looking addresses; the first of each country is its default. */
export const depots: { country: Country; city: string; code: string; street: string; sorting: boolean }[] = [
  { country: 'NO', city: 'Oslo', code: '0580', street: 'Økernveien 145', sorting: true },
  { country: 'NO', city: 'Bergen', code: '5257', street: 'Kokstadflaten 33', sorting: false },
  { country: 'NO', city: 'Trondheim', code: '7080', street: 'Heggstadmyra 6', sorting: true },
  { country: 'NO', city: 'Sandnes', code: '4313', street: 'Kvålsvegen 12', sorting: false },
  { country: 'SE', city: 'Göteborg', code: '41705', street: 'Ringögatan 24', sorting: true },
  { country: 'SE', city: 'Stockholm', code: '12060', street: 'Sandfjärdsgatan 52', sorting: false },
  { country: 'SE', city: 'Malmö', code: '21215', street: 'Industrigatan 18', sorting: false },
  { country: 'SE', city: 'Jönköping', code: '55303', street: 'Bangårdsgatan 8', sorting: true },
  { country: 'DK', city: 'Aarhus', code: '8200', street: 'Randersvej 398', sorting: true },
  { country: 'DK', city: 'Brøndby', code: '2605', street: 'Kornmarksvej 12', sorting: false },
  { country: 'FI', city: 'Vantaa', code: '01510', street: 'Pakkalankuja 6', sorting: true },
  { country: 'FI', city: 'Tampere', code: '33700', street: 'Ruskontie 10', sorting: false },
];
