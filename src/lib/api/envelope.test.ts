import { describe, expect, it } from 'vitest';
import { parseEnvelope } from './envelope.ts';

describe('parseEnvelope', () => {
  it('accepts numeric or numeric-string codes and keeps only a string msg', () => {
    expect(parseEnvelope('{"code":200,"msg":"ok","data":[1]}')).toEqual({ code: 200, msg: 'ok', data: [1] });
    expect(parseEnvelope('{"code":"45535","msg":{"html":1}}')).toEqual({ code: 45535, msg: '', data: undefined });
  });

  it.each(['', 'null', '[]', '"x"', '{"msg":"no code"}', '{"code":"abc"}', '{"code":1.5}', '<html>'])('rejects %s', (text) => {
    expect(parseEnvelope(text)).toBeNull();
  });
});
