/** A field's message goes when the field changes (lib/field-errors.ts; issue 20: "Fill in the field" stayed). */
import { describe, expect, it } from 'vitest';
import { withoutError } from '../src/lib/field-errors';

describe('clearing a field’s message', () => {
  it('drops only that field’s message', () => {
    expect(withoutError({ topic: 'Fill in this field.', description: 'Fill in this field.' }, 'topic')).toEqual({
      description: 'Fill in this field.',
    });
  });

  it('answers the same object when the field has no message, so nothing renders again', () => {
    const errors = { description: 'Fill in this field.' };
    expect(withoutError(errors, 'topic')).toBe(errors);
  });
});
