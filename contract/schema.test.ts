import { describe, expect, it } from 'vitest';
import { AccountTypeEnum, AccountTypeUnion, PageCondition, RangeDaysEnum, RangeDaysText, RangeDaysUnion, TransferDirectionEnum, TransferDirectionUnion } from './schema.ts';

const consts = (type: string, values: readonly (string | number)[]) => ({ anyOf: values.map((value) => ({ type, const: value })) });

/**
 * The schemas built from contract/rules.ts's lists keep the JSON Schema the calls had when each list was written out
 * by hand: a union stays `anyOf` of `const` and an enum stays `enum`, so a refusal names the same rule as before
 * (server/README.md "Bad input").
 */
describe('schemas built from the contract constants', () => {
  it('spec §9 quick ranges as a union, as text and as an enum', () => {
    expect(RangeDaysUnion).toEqual(consts('number', [7, 30, 90, 180, 365]));
    expect(RangeDaysText).toEqual(consts('string', ['7', '30', '90', '180', '365']));
    expect(RangeDaysEnum).toEqual({ enum: [7, 30, 90, 180, 365], type: 'integer' });
  });

  it('spec §9 page sizes', () => {
    expect(PageCondition.properties.pageSize).toEqual(consts('number', [10, 20, 50, 100]));
  });

  it('spec §3 account types and spec §4 transfer directions', () => {
    expect(AccountTypeUnion).toEqual(consts('number', [1, 2, 3]));
    expect(AccountTypeEnum).toEqual({ enum: [1, 2, 3], type: 'integer' });
    const directions = ['FUNDING_MAIN', 'FUNDING_UMFUTURE', 'MAIN_FUNDING', 'MAIN_UMFUTURE', 'UMFUTURE_FUNDING', 'UMFUTURE_MAIN'];
    expect(TransferDirectionEnum).toEqual({ enum: directions, type: 'string' });
    expect(TransferDirectionUnion).toEqual(consts('string', directions));
  });
});
