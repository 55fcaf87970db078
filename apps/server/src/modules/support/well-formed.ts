/**
 * Texts that travel to PostgreSQL as JSON (alerts.texts, the mail archive's bulk insert, the
 * application log's before / after) must be well-formed UTF-16: jsonb refuses an unpaired
 * surrogate such as \ud800, which a JSON body may carry and the text schemas let through.
 */

/** `value` with every lone UTF-16 surrogate replaced by U+FFFD (the replacement character). */
export function wellFormed(value: string): string {
  return value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}
