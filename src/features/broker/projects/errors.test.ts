import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../../contract/codes.ts';
import { ApiError } from '../../../lib/api/index.ts';
import { describeProjectError } from './errors.ts';

// The key and its values, so the mapping is checked without the translations (locale-keys.test.ts checks those).
const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as TFunction;
const refusal = (code: number, data: unknown = null) => new ApiError({ kind: 'business', message: 'server words', code, msg: 'server words', data, path: '/broker/financing/increaseCapital' });

describe('describeProjectError: every refusal of the project calls in words, beside its field where it has one', () => {
  it('puts the 400s of the terms beside their fields, in the person’s language, by the rule the sandbox names', () => {
    expect(describeProjectError(t, refusal(Code.badRequest, { field: 'interestRate', rule: 'range' }))).toEqual({ field: 'interestRate', message: 'broker-project:errors.rate {"max":"30","decimals":2}' });
    expect(describeProjectError(t, refusal(Code.badRequest, { field: 'startDay', rule: 'past' })).message).toMatch(/^broker-project:errors\.days\.past /);
    expect(describeProjectError(t, refusal(Code.badRequest, { field: 'endDay', rule: 'tooLong' })).message).toMatch(/^broker-project:errors\.days\.tooLong .*"max":3660/);
    expect(describeProjectError(t, refusal(Code.badRequest, { field: 'endDay', rule: 'pattern' })).message).toMatch(/^broker-project:errors\.days\.date /);
    expect(describeProjectError(t, refusal(Code.badRequest, { field: 'exchangeCode', rule: 'noMasterApi' })).message).toBe('broker-project:errors.exchangeNoProjects');
    // A new investor's fields are nested in the call, flat in the form.
    expect(describeProjectError(t, refusal(Code.badRequest, { field: 'investor.email', rule: 'email' })).field).toBe('investorEmail');
    // A field the screens do not know: the account screens' words, still beside it.
    expect(describeProjectError(t, refusal(Code.badRequest, { field: 'remark', rule: 'maxLength' })).field).toBe('remark');
  });

  it('names the projects core’s codes 10455–10463 and puts them beside their field', () => {
    expect(describeProjectError(t, refusal(Code.projectState, { status: 'completed' }))).toEqual({ field: null, message: 'broker-project:errors.projectState {"status":"broker-project:states.completed"}' });
    expect(describeProjectError(t, refusal(Code.belowMinSubscription, { min: '100' }))).toEqual({ field: 'amount', message: 'broker-project:errors.belowMinimum {"min":"100"}' });
    expect(describeProjectError(t, refusal(Code.insufficientUnits, { units: '12.5' })).field).toBe('quantity');
    expect(describeProjectError(t, refusal(Code.insufficientProjectCash, { available: '3.2' })).message).toBe('broker-project:errors.insufficient {"available":"3.2"}');
    expect(describeProjectError(t, refusal(Code.projectAccountLocked)).message).toBe('broker-project:errors.projectAccount');
    for (const reason of ['otherExchange', 'inProject', 'notEmpty', 'primary']) expect(describeProjectError(t, refusal(Code.relationRefused, { reason })).message).toBe(`broker-project:errors.relation.${reason}`);
    expect(describeProjectError(t, refusal(Code.relationRefused)).message).toBe('broker-project:errors.relation.other');
    expect(describeProjectError(t, refusal(Code.investorExists, { investorId: '3' }))).toEqual({ field: 'investorEmail', message: 'broker-project:errors.investorExists' });
    expect(describeProjectError(t, refusal(Code.relationNotEmpty)).message).toBe('broker-project:errors.accountNotEmpty');
    expect(describeProjectError(t, refusal(Code.projectLimit, { max: 20 })).message).toBe('broker-project:errors.limit {"max":"20"}');
  });

  it('says 403 and 404 in words; the second factor’s refusals go beside the code fields', () => {
    expect(describeProjectError(t, refusal(Code.forbidden)).message).toBe('broker-project:errors.forbidden');
    expect(describeProjectError(t, refusal(Code.notFound, { field: 'projectNo' })).message).toBe('broker-project:errors.notFound');
    expect(describeProjectError(t, refusal(Code.codeWrong, { channel: 'email' })).field).toBe('emailCode');
    expect(describeProjectError(t, refusal(Code.gaWrong)).field).toBe('gaCode');
  });
});
