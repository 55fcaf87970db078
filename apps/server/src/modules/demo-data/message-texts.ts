/**
 * The demo messages' texts written in every language of the portal: the login welcome, the
 * planned-maintenance notice, the Markdown guides of menu areas and the articles (seeded by
 * content.ts).
 */
import type { Locale } from '@portal/domain';

export const welcome: [string, string, string][] = [
  [
    'nb-NO',
    'Velkommen til Nordic Pallet Pool',
    'Her bestiller, sender og mottar du paller, og ser saldoen din i poolen. Trenger du hjelp? Ring kundeservice på 22 00 00 00.',
  ],
  [
    'sv-SE',
    'Välkommen till Nordic Pallet Pool',
    'Här beställer, skickar och tar du emot pallar och ser ditt saldo i poolen. Behöver du hjälp? Ring kundtjänst på 031-00 00 00.',
  ],
  [
    'da-DK',
    'Velkommen til Nordic Pallet Pool',
    'Her bestiller, sender og modtager du paller og ser din saldo i poolen. Brug for hjælp? Ring til kundeservice på 70 00 00 00.',
  ],
  [
    'fi-FI',
    'Tervetuloa Nordic Pallet Pooliin',
    'Täällä tilaat, lähetät ja vastaanotat lavoja ja näet poolisaldosi. Tarvitsetko apua? Soita asiakaspalveluun 09 000 0000.',
  ],
  [
    'en-US',
    'Welcome to Nordic Pallet Pool',
    'Order, send and receive pallets here, and see your balance in the pool. Need help? Call customer service on +47 22 00 00 00.',
  ],
];

/** The system notice of planned maintenance in every language of the portal. */
export const maintenance: Record<Locale, { title: string; text: string }> = {
  'nb-NO': { title: 'Planlagt vedlikehold', text: 'Planlagt vedlikehold lørdag 06:00–08:00. Portalen kan være utilgjengelig.' },
  'sv-SE': { title: 'Planerat underhåll', text: 'Planerat underhåll lördag 06:00–08:00. Portalen kan vara otillgänglig.' },
  'da-DK': { title: 'Planlagt vedligeholdelse', text: 'Planlagt vedligeholdelse lørdag 06:00–08:00. Portalen kan være utilgængelig.' },
  'fi-FI': { title: 'Suunniteltu huoltokatko', text: 'Suunniteltu huoltokatko lauantaina 06:00–08:00. Portaali voi olla poissa käytöstä.' },
  'en-US': { title: 'Planned maintenance', text: 'Planned maintenance on Saturday 06:00–08:00. The portal may be unavailable.' },
};

/**
 * Guides in Markdown, in every language, each for a menu area (the help icon on that area's
 * pages opens it) and, where it is about one, a task (docs/messages.md).
 */
export const guides: { area: string; task?: string; texts: Record<Locale, { title: string; text: string }> }[] = [
  {
    area: 'delivery',
    task: 'SHIPMENT',
    texts: {
      'en-US': {
        title: 'How to register a delivery',
        text: '## Steps\n\n1. Choose **Delivery** and pick the receiver.\n2. Add the carriers in full stacks.\n3. Send. The receiver confirms what arrived.\n\nQuestions? See [the pallet pool](https://www.example.com/pallets).',
      },
      'nb-NO': {
        title: 'Slik registrerer du en levering',
        text: '## Steg\n\n1. Velg **Levering** og mottakeren.\n2. Legg til lastbærerne i hele stabler.\n3. Send. Mottakeren bekrefter det som kom fram.\n\nSpørsmål? Se [pallepoolen](https://www.example.com/pallets).',
      },
      'sv-SE': {
        title: 'Så registrerar du en leverans',
        text: '## Steg\n\n1. Välj **Leverans** och mottagaren.\n2. Lägg till lastbärarna i hela staplar.\n3. Skicka. Mottagaren bekräftar det som kom fram.\n\nFrågor? Se [pallpoolen](https://www.example.com/pallets).',
      },
      'da-DK': {
        title: 'Sådan registrerer du en levering',
        text: '## Trin\n\n1. Vælg **Levering** og modtageren.\n2. Tilføj ladbærerne i hele stakke.\n3. Send. Modtageren bekræfter, hvad der kom frem.\n\nSpørgsmål? Se [pallepoolen](https://www.example.com/pallets).',
      },
      'fi-FI': {
        title: 'Näin kirjaat toimituksen',
        text: '## Vaiheet\n\n1. Valitse **Toimitus** ja vastaanottaja.\n2. Lisää kuormankantajat täysinä pinoina.\n3. Lähetä. Vastaanottaja vahvistaa, mitä saapui.\n\nKysyttävää? Katso [lavapooli](https://www.example.com/pallets).',
      },
    },
  },
  {
    area: 'reception',
    task: 'RECEPTION',
    texts: {
      'en-US': {
        title: 'How to confirm a reception',
        text: 'Open **Reception**, choose the order and confirm the quantities.\n\n- Quantities as sent: *Confirm*.\n- Other quantities: report them, and the sender is asked to agree.',
      },
      'nb-NO': {
        title: 'Slik bekrefter du et mottak',
        text: 'Åpne **Mottak**, velg ordren og bekreft antallene.\n\n- Antall som sendt: *Bekreft*.\n- Andre antall: meld dem, så blir avsenderen bedt om å godta.',
      },
      'sv-SE': {
        title: 'Så bekräftar du en mottagning',
        text: 'Öppna **Mottagning**, välj ordern och bekräfta antalen.\n\n- Antal som skickat: *Bekräfta*.\n- Andra antal: rapportera dem, så ombeds avsändaren godkänna.',
      },
      'da-DK': {
        title: 'Sådan bekræfter du en modtagelse',
        text: 'Åbn **Modtagelse**, vælg ordren og bekræft antallene.\n\n- Antal som sendt: *Bekræft*.\n- Andre antal: meld dem, så bliver afsenderen bedt om at godkende.',
      },
      'fi-FI': {
        title: 'Näin vahvistat vastaanoton',
        text: 'Avaa **Vastaanotto**, valitse tilaus ja vahvista määrät.\n\n- Määrät kuten lähetetty: *Vahvista*.\n- Muut määrät: ilmoita ne, niin lähettäjää pyydetään hyväksymään.',
      },
    },
  },
  {
    area: 'home',
    texts: {
      'en-US': {
        title: 'Finding your way in the portal',
        text: '## The menu\n\nThe numbered menu leads to your tasks; **Alt + number** opens an item.\n\n## Help\n\nThe question mark at the top opens the guides for the page you are on.',
      },
      'nb-NO': {
        title: 'Slik finner du fram i portalen',
        text: '## Menyen\n\nDen nummererte menyen leder til oppgavene dine; **Alt + tall** åpner et punkt.\n\n## Hjelp\n\nSpørsmålstegnet øverst åpner veiledningene for siden du er på.',
      },
      'sv-SE': {
        title: 'Så hittar du i portalen',
        text: '## Menyn\n\nDen numrerade menyn leder till dina uppgifter; **Alt + siffra** öppnar ett val.\n\n## Hjälp\n\nFrågetecknet högst upp öppnar guiderna för sidan du är på.',
      },
      'da-DK': {
        title: 'Sådan finder du rundt i portalen',
        text: '## Menuen\n\nDen nummererede menu fører til dine opgaver; **Alt + tal** åbner et punkt.\n\n## Hjælp\n\nSpørgsmålstegnet øverst åbner vejledningerne til den side, du er på.',
      },
      'fi-FI': {
        title: 'Näin löydät tiesi portaalissa',
        text: '## Valikko\n\nNumeroitu valikko vie tehtäviisi; **Alt + numero** avaa kohdan.\n\n## Ohje\n\nYläreunan kysymysmerkki avaa ohjeet sivulle, jolla olet.',
      },
    },
  },
];

/** The articles (Messages > Articles), newest first, in every language of the portal (issue 20: not only English). */
export const articles: Record<Locale, { title: string; text: string }>[] = [
  {
    'en-US': {
      title: 'Why pooling saves money and CO₂',
      text: 'Pooled carriers travel shorter empty distances: the provider collects, sorts and repairs them close to where they are needed.',
    },
    'nb-NO': {
      title: 'Hvorfor pooling sparer penger og CO₂',
      text: 'Lastbærere i poolen kjøres kortere strekninger tomme: leverandøren henter, sorterer og reparerer dem nær der de trengs.',
    },
    'sv-SE': {
      title: 'Därför sparar pooling pengar och CO₂',
      text: 'Lastbärare i poolen körs kortare sträckor tomma: leverantören hämtar, sorterar och reparerar dem nära där de behövs.',
    },
    'da-DK': {
      title: 'Derfor sparer pooling penge og CO₂',
      text: 'Ladbærere i poolen køres kortere strækninger tomme: leverandøren henter, sorterer og reparerer dem tæt på, hvor de skal bruges.',
    },
    'fi-FI': {
      title: 'Miksi pooli säästää rahaa ja CO₂-päästöjä',
      text: 'Poolin kuormankantajat kulkevat tyhjinä lyhyempiä matkoja: palveluntarjoaja noutaa, lajittelee ja korjaa ne lähellä paikkaa, jossa niitä tarvitaan.',
    },
  },
  {
    'en-US': {
      title: 'Quality A or B?',
      text: 'Quality A pallets are clean and undamaged, suitable for food; quality B pallets may be discoloured but are structurally sound.',
    },
    'nb-NO': {
      title: 'Kvalitet A eller B?',
      text: 'Paller i kvalitet A er rene og uten skader, egnet for næringsmidler; paller i kvalitet B kan være misfarget, men er konstruksjonsmessig i orden.',
    },
    'sv-SE': {
      title: 'Kvalitet A eller B?',
      text: 'Pallar i kvalitet A är rena och oskadade och passar för livsmedel; pallar i kvalitet B kan vara missfärgade men är hela och bärkraftiga.',
    },
    'da-DK': {
      title: 'Kvalitet A eller B?',
      text: 'Paller i kvalitet A er rene og ubeskadigede og egnede til fødevarer; paller i kvalitet B kan være misfarvede, men er konstruktivt i orden.',
    },
    'fi-FI': {
      title: 'Laatu A vai B?',
      text: 'Laatu A:n lavat ovat puhtaita ja ehjiä ja sopivat elintarvikkeille; laatu B:n lavat voivat olla värjäytyneitä, mutta ne ovat rakenteeltaan kunnossa.',
    },
  },
];
