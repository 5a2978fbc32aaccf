import { describe, expect, it } from 'vitest';
import { isEmpty } from './empty.ts';

describe('isEmpty (spec §5)', () => {
  it.each([
    ['empty string', ''],
    ["'null'", 'null'],
    ["'undefined'", 'undefined'],
    ['blank string', '   \t'],
    ['false', false],
    ['null', null],
    ['undefined', undefined],
    ['empty array', []],
    ['empty object', {}],
    ['object without prototype', Object.create(null) as object],
  ])('%s is empty', (_name, value) => {
    expect(isEmpty(value)).toBe(true);
  });

  it.each([
    ['zero', 0],
    ['NaN', NaN],
    ['true', true],
    ['text', 'a'],
    ["'false'", 'false'],
    ['array with item', [0]],
    ['object with key', { a: undefined }],
    ['Date', new Date(0)],
    ['Map', new Map()],
  ])('%s is not empty', (_name, value) => {
    expect(isEmpty(value)).toBe(false);
  });
});
