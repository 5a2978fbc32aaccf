import { describe, expect, it } from 'vitest';
import { BILL_STATES, billActions, billRefusal, interestStateOfBill } from './broker-interest-rules.ts';

// spec §4 invoice states and the maker-checker rule of the settle bills (server/broker/interest applies them).
describe('settle bill rules', () => {
  it('allows each state only its next step, and a rejection only at the reviews', () => {
    expect(Object.fromEntries(BILL_STATES.map((s) => [s, billActions(s)]))).toEqual({
      pending_initial_review: ['initial_review', 'reject'],
      pending_re_review: ['re_review', 'reject'],
      pending_payment: ['pay'],
      paid: [],
      rejected: [],
    });
  });

  it('gives the interest state of the accruals a bill holds', () => {
    expect(BILL_STATES.map(interestStateOfBill)).toEqual(['in_application', 'in_application', 'in_application', 'paid', 'pending_payment']);
  });

  it('refuses the initial review (or its rejection) to the applicant and the re-review (or its rejection) to the initial reviewer', () => {
    const people = { me: 1, applicant: 1, initialReviewer: null };
    expect(billRefusal('initial_review', 'pending_initial_review', people)).toBe('applicant');
    expect(billRefusal('reject', 'pending_initial_review', people)).toBe('applicant');
    expect(billRefusal('initial_review', 'pending_initial_review', { ...people, me: 2 })).toBeNull();
    const reviewed = { me: 2, applicant: 1, initialReviewer: 2 };
    expect(billRefusal('re_review', 'pending_re_review', reviewed)).toBe('initialReviewer');
    expect(billRefusal('reject', 'pending_re_review', reviewed)).toBe('initialReviewer');
    // The applicant may re-review; anybody may pay.
    expect(billRefusal('re_review', 'pending_re_review', { ...reviewed, me: 1 })).toBeNull();
    expect(billRefusal('pay', 'pending_payment', { me: 1, applicant: 1, initialReviewer: 1 })).toBeNull();
  });
});
