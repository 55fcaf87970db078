/**
 * The publishing form's values and how they become POST Messages (docs/messages.md,
 * "Publishing"): a message is written in any of the five locales (title and text together);
 * a locale left empty is not sent, so readers in it get the fallback text. Empty choices are
 * "everyone": no language, location type or task.
 */
import {
  fallbackText,
  type Locale,
  type LocationType,
  locales,
  type Message,
  type MessageType,
  type MessageVisibility,
  type PublishMessageRequest,
  type Task,
} from '@portal/domain';

/** The form's values; a select's "everyone" is ''. */
export interface PublishingFormValues {
  type: MessageType;
  area: string;
  path: string;
  taskId: Task | '';
  mustRead: boolean;
  showFrom: string | null;
  showTo: string | null;
  language: Locale | '';
  locationType: LocationType | '';
  visibility: MessageVisibility;
  customerId: number | null;
  /** Title and text per locale; both empty: not written in that locale. */
  texts: Record<Locale, { title: string; text: string }>;
}

const emptyTexts = () => Object.fromEntries(locales.map((locale) => [locale, { title: '', text: '' }])) as PublishingFormValues['texts'];

/** A new message's values: news for everyone from today on, not must-read. */
export function emptyValues(): PublishingFormValues {
  return {
    type: 'messages',
    area: '',
    path: '',
    taskId: '',
    mustRead: false,
    showFrom: null,
    showTo: null,
    language: '',
    locationType: '',
    visibility: 'all',
    customerId: null,
    texts: emptyTexts(),
  };
}

/** The values of a stored message (GET Messages/{id}?all=true). */
export function valuesOf(message: Message): PublishingFormValues {
  const texts = emptyTexts();
  for (const locale of locales) {
    const written = message.texts?.[locale];
    if (written) texts[locale] = { title: written.title, text: written.text };
  }
  // A message stored without per-locale texts (older demo rows): its fallback text as English.
  if (!locales.some((locale) => message.texts?.[locale]))
    texts[(message.language as Locale | null) ?? 'en-US'] = { title: message.title, text: message.text };
  return {
    type: message.type,
    area: message.area ?? '',
    path: message.path ?? '',
    taskId: (message.taskId as Task | null) ?? '',
    mustRead: message.mustRead,
    showFrom: message.showFrom,
    showTo: message.showTo,
    language: (message.language as Locale | null) ?? '',
    locationType: (message.locationType as LocationType | null) ?? '',
    visibility: message.visibility,
    customerId: message.customerId,
    texts,
  };
}

/** The locales written in `values` (title or text filled), in locale order. */
export function writtenLocales(values: PublishingFormValues): Locale[] {
  return locales.filter((locale) => values.texts[locale].title.trim() !== '' || values.texts[locale].text.trim() !== '');
}

/** POST Messages' body of `values` (with `id` when updating; `withdrawn` to withdraw or restore). */
export function toRequest(values: PublishingFormValues, id?: number, withdrawn?: boolean): PublishMessageRequest {
  return {
    ...(id ? { id } : {}),
    type: values.type,
    area: values.area.trim() || undefined,
    path: values.path.trim().replace(/^\/?(app\/)?/, '') || undefined,
    texts: Object.fromEntries(writtenLocales(values).map((locale) => [locale, values.texts[locale]])),
    taskId: values.taskId || null,
    mustRead: values.mustRead,
    showFrom: values.showFrom,
    showTo: values.showTo,
    language: values.language || null,
    locationType: values.locationType || null,
    visibility: values.visibility,
    customerId: values.visibility === 'customer' ? values.customerId : null,
    ...(withdrawn === undefined ? {} : { withdrawn }),
  };
}

/**
 * What a reader in `locale` sees of `values`: that locale's title and text if written, else the
 * fallback (the message's language, English, or the first written), as the server answers.
 */
export function previewText(values: PublishingFormValues, locale: Locale): { title: string; text: string } | undefined {
  const written = Object.fromEntries(writtenLocales(values).map((l) => [l, values.texts[l]]));
  return written[locale] ?? fallbackText(written, values.language || null);
}
