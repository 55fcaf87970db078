/**
 * Messages, news, guides and Global > Publishing (issue 10; spec section 3 "Message", section 4
 * must-read; docs/messages.md): GET Messages, GET Messages/{id}, POST Messages (global admins)
 * and POST MessageRead with `source: 'Message'`. Dates are plain yyyy-MM-dd days (inclusive),
 * instants ISO 8601 (UTC). Texts are Markdown, rendered sanitised; raw HTML that could run a
 * script (script, iframe, ... tags, event attributes, javascript: links) is refused on input.
 */
import { z } from 'zod';
import { locationTypes, messageTypes, tasks } from '../enums.js';
import { type Locale, locales } from '../locale.js';
import { queryBool, queryId, requiredText, text, ZId, ZPlainDate } from './common.js';

/** Who sees a message beyond language, location type and task: everyone, or one customer's users. */
export const messageVisibilities = ['all', 'customer'] as const;
export type MessageVisibility = (typeof messageVisibilities)[number];

/**
 * Where a message stands for the global admin (Global > Publishing): `scheduled` (show from
 * after today), `live`, `expired` (show to before today), `withdrawn`.
 */
export const messageStatuses = ['scheduled', 'live', 'expired', 'withdrawn'] as const;
export type MessageStatus = (typeof messageStatuses)[number];

/** Longest title and text (characters). */
export const MESSAGE_TITLE_MAX = 200;
export const MESSAGE_TEXT_MAX = 20_000;

/**
 * Markup that could run a script if a renderer let it through: script-capable tags, inline event
 * handlers (`onclick=`) and script URLs (`javascript:`, `vbscript:`, `data:text/html`). Messages
 * are Markdown; the web renderer also drops raw HTML and unsafe links, this keeps them out of the
 * store too.
 */
const UNSAFE_MARKUP =
  /<\s*\/?\s*(script|iframe|object|embed|style|link|meta|base|form|svg|math)\b|\bon[a-z]+\s*=|(javascript|vbscript)\s*:|data\s*:\s*text\/html/i;

/** Whether a message text holds markup that could run a script (see UNSAFE_MARKUP). */
export function hasUnsafeMarkup(value: string): boolean {
  return UNSAFE_MARKUP.test(value);
}

const safe = <T extends z.ZodType<string>>(schema: T) =>
  schema.refine((value) => !hasUnsafeMarkup(value), { message: 'messages.unsafeText' });

/** A message's title and text in one language (Markdown). */
export const ZMessageText = z.object({
  title: safe(requiredText(MESSAGE_TITLE_MAX)),
  text: safe(requiredText(MESSAGE_TEXT_MAX)),
});
export type MessageText = z.infer<typeof ZMessageText>;

/** A route path a guide belongs to, under /app without the leading slash ("orders", "company/users"). */
const ZRoutePath = text(200).regex(/^[a-z0-9\-/:]*$/, { message: 'validation.invalid' });

/**
 * GET Messages (spec section 7: type, taskId, anonymous, language). A visitor without a token
 * may ask for `type=login` only, in `language`. A signed-in user gets the messages visible to
 * the acting user (docs/messages.md, "Who sees a message"); `route` narrows guides to those whose
 * path or area matches the route (the help icon); `mustRead` keeps must-read ones (the block). `all` (global admins only, else 403): every
 * message of every audience and status, for Global > Publishing.
 */
export const ZMessagesQuery = z.object({
  type: z.enum(messageTypes, { message: 'validation.invalid' }).optional(),
  taskId: z.enum(tasks, { message: 'validation.invalid' }).optional(),
  anonymous: text(10).optional(),
  language: text(10).optional(),
  route: ZRoutePath.optional(),
  mustRead: queryBool.optional(),
  all: queryBool.optional(),
});
export type MessagesQuery = z.infer<typeof ZMessagesQuery>;

/** GET Messages/{id}: `all` (global admins) answers a message whatever its audience and status. */
export const ZMessageQuery = z.object({ all: queryBool.optional() });

/**
 * A message as GET Messages and GET Messages/{id} answer it: `title`/`text` in the caller's
 * language (or the fallback); `read`: the acting user marked it read (false for visitors).
 * For global admins asking with `all`: `texts` (every locale written), `status`, `customerName`.
 */
export const ZMessage = z.object({
  id: z.number().int(),
  type: z.enum(messageTypes),
  area: z.string().nullable(),
  path: z.string().nullable(),
  title: z.string(),
  text: z.string(),
  taskId: z.string().nullable(),
  mustRead: z.boolean(),
  showFrom: z.string().nullable(),
  showTo: z.string().nullable(),
  language: z.string().nullable(),
  locationType: z.string().nullable(),
  visibility: z.enum(messageVisibilities),
  customerId: z.number().int().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
  texts: z.record(z.string(), z.object({ title: z.string(), text: z.string() })).optional(),
  status: z.enum(messageStatuses).optional(),
  customerName: z.string().nullable().optional(),
  withdrawnAt: z.string().nullable().optional(),
});
export type Message = z.infer<typeof ZMessage>;

/**
 * POST Messages (global admins): publish a new message, or update the one with `id`. `texts`:
 * title and text per locale, at least one; the message's fallback title and text (for a language
 * not written) are those of `language` if written, else en-US, else the first written. Audience:
 * `language` (none: every language), `locationType`, `taskId`, `visibility` (`customer` needs
 * `customerId`). Shown `showFrom`..`showTo` (inclusive; none: from now, for ever; a future
 * `showFrom` schedules it). `withdrawn`: true withdraws it (shown to no one), false restores it.
 */
export const ZPublishMessageRequest = z
  .object({
    id: ZId.optional(),
    type: z.enum(messageTypes, { message: 'validation.invalid' }),
    area: text(50).optional(),
    path: ZRoutePath.optional(),
    texts: z.partialRecord(z.enum(locales, { message: 'validation.invalid' }), ZMessageText),
    taskId: z.enum(tasks, { message: 'validation.invalid' }).nullable().optional(),
    mustRead: z.boolean().default(false),
    showFrom: ZPlainDate.nullable().optional(),
    showTo: ZPlainDate.nullable().optional(),
    language: z.enum(locales, { message: 'validation.invalid' }).nullable().optional(),
    locationType: z.enum(locationTypes, { message: 'validation.invalid' }).nullable().optional(),
    visibility: z.enum(messageVisibilities, { message: 'validation.invalid' }).default('all'),
    customerId: ZId.nullable().optional(),
    withdrawn: z.boolean().optional(),
  })
  .superRefine((request, context) => {
    if (Object.keys(request.texts).length === 0) context.addIssue({ code: 'custom', message: 'messages.noText', path: ['texts'] });
    if (request.showFrom && request.showTo && request.showFrom > request.showTo)
      context.addIssue({ code: 'custom', message: 'validation.dateRange', path: ['showTo'] });
    if (request.visibility === 'customer' && !request.customerId)
      context.addIssue({ code: 'custom', message: 'messages.customerRequired', path: ['customerId'] });
  });
export type PublishMessageRequest = z.input<typeof ZPublishMessageRequest>;

/** GET Messages/{id}. */
export const ZMessageIdParam = z.object({ id: queryId });

/**
 * The fallback title and text of a message (messages.title/text): `language`'s if written, else
 * en-US's, else the first locale written in locale order.
 */
export function fallbackText(texts: Partial<Record<Locale, MessageText>>, language?: Locale | null): MessageText | undefined {
  const order: Locale[] = [...(language ? [language] : []), 'en-US', ...locales];
  for (const locale of order) {
    const written = texts[locale];
    if (written) return written;
  }
  return undefined;
}

/**
 * The status of a message on `today` (yyyy-MM-dd) for Global > Publishing: withdrawn wins, then
 * scheduled (shows later), expired (showed until before today), else live.
 */
export function messageStatus(
  message: { showFrom: string | null; showTo: string | null; withdrawnAt: string | null },
  today: string,
): MessageStatus {
  if (message.withdrawnAt) return 'withdrawn';
  if (message.showFrom && message.showFrom > today) return 'scheduled';
  if (message.showTo && message.showTo < today) return 'expired';
  return 'live';
}
