/** The status machine of support cases (docs/support.md, "Status"). */
import { describe, expect, it } from 'vitest';
import { maySetSupportStatus, statusAfterComment, supportCaseIsLive } from '../src/support.js';

describe('support case status', () => {
  it('lets provider staff take a new case, wait for the customer, close and reopen it, but never undo an archive', () => {
    expect(maySetSupportStatus('New', 'Open')).toBe(true);
    expect(maySetSupportStatus('Open', 'Pending')).toBe(true);
    expect(maySetSupportStatus('Pending', 'Closed')).toBe(true);
    expect(maySetSupportStatus('Closed', 'Open')).toBe(true);
    expect(maySetSupportStatus('Closed', 'Pending')).toBe(false);
    expect(maySetSupportStatus('Open', 'New')).toBe(false);
    expect(maySetSupportStatus('Archived', 'Open')).toBe(false);
    expect(supportCaseIsLive('Archived')).toBe(false);
  });

  it('reopens a waiting or closed case when the customer replies, and opens a new one on the first answer', () => {
    expect(statusAfterComment('Pending', false, false)).toBe('Open');
    expect(statusAfterComment('Closed', false, false)).toBe('Open');
    expect(statusAfterComment('New', false, false)).toBe('New');
    expect(statusAfterComment('New', true, false)).toBe('Open');
    expect(statusAfterComment('Pending', true, false)).toBe('Pending');
    // An internal note changes nothing.
    expect(statusAfterComment('New', true, true)).toBe('New');
  });
});
