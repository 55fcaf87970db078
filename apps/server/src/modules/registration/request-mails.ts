/**
 * The two mails of a new customer request (issue 9, "Registration": "It is stored, emailed to
 * the provider and to the contact"), written in the request's transaction through sendMail:
 * - newCustomerRequest: to each active provider user with the "new customer" notification
 *   (users.notify_new_customer, spec section 3 "mail notifications"), in that user's language;
 * - newCustomerConfirmation: to the contact person's email, in the language of the page the
 *   request was sent from.
 * The provider's mail lists every field that was filled in, labelled in the mail's language.
 * The confirmation is a fixed text and repeats nothing the visitor wrote, not even the company
 * name (issue 20: the form must not relay a stranger's text, links included, to whatever
 * address was typed), and tells a reader who sent nothing to ignore it; request-limits.ts
 * bounds how many one address gets.
 */
import { isLocale, type Locale, type NewCustomerRequest } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { translator } from '../../i18n.js';
import { type MailInput, sendMails } from '../mail/send-mail.js';

/** Archive topics of the request's mails (Company > Email archive). */
export const requestMailTopics = { provider: 'newCustomerRequest', confirmation: 'newCustomerConfirmation' } as const;

/** The fields of a request in the order the mails list them. */
const listedFields = [
  'companyName',
  'address',
  'postalCode',
  'postalName',
  'country',
  'invoiceAddress',
  'invoicePostalCode',
  'invoicePostalName',
  'invoiceCountry',
  'invoiceEmail',
  'invoiceReference',
  'contactPerson',
  'email',
  'phone',
  'vatNumber',
  'industry',
  'need',
  'palletsPerYear',
  'openingHours',
] as const;

/** The stored fields of a request: everything sent but the honeypot. */
export type StoredRequest = Omit<NewCustomerRequest, 'website' | 'termsAccepted'>;

/** "Label: value" lines of every filled-in field, in `locale`. */
export function requestLines(request: StoredRequest, locale: Locale): string[] {
  const t = translator(locale);
  return listedFields.flatMap((field) => {
    const value = request[field];
    if (value === undefined || value === '') return [];
    const shown =
      field === 'country' || field === 'invoiceCountry'
        ? t(`registration.countries.${value}`)
        : field === 'palletsPerYear'
          ? new Intl.NumberFormat(locale).format(Number(value))
          : String(value);
    return [`${t(`registration.fields.${field}`)}: ${shown}`];
  });
}

interface Recipient {
  id: number;
  email: string;
  language: string;
}

/**
 * Writes the provider's mails and the contact's confirmation (in `locale`) of `request` inside `tx`.
 * @returns the archive ids of the mails stored
 */
export async function sendRequestMails(tx: Tx, request: StoredRequest, locale: Locale): Promise<number[]> {
  const recipients = await rows<Recipient>(
    tx,
    sql`SELECT u.id, u.email, u.language FROM users u JOIN customers c ON c.id = u.customer_id
        WHERE c.is_provider AND u.is_active AND u.notify_new_customer AND coalesce(u.email, '') <> ''
        ORDER BY u.id`,
  );
  const company = request.companyName;
  const mails: MailInput[] = recipients.map((user) => {
    const language: Locale = isLocale(user.language) ? user.language : 'en-US';
    const t = translator(language);
    return {
      to: user.email,
      userId: Number(user.id),
      topic: requestMailTopics.provider,
      subject: t('registration.providerMail.subject', { company }),
      text: [
        t('registration.providerMail.intro', { company }),
        '',
        ...requestLines(request, language),
        '',
        t('registration.providerMail.why'),
      ].join('\n'),
    };
  });
  const t = translator(locale);
  mails.push({
    to: request.email,
    topic: requestMailTopics.confirmation,
    subject: t('registration.confirmationMail.subject'),
    text: [
      t('registration.confirmationMail.intro'),
      '',
      t('registration.confirmationMail.notYou'),
      '',
      t('registration.confirmationMail.footer'),
    ].join('\n'),
  });
  return sendMails(tx, mails);
}
