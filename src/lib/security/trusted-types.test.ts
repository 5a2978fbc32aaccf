import { describe, expect, it } from 'vitest';
import { policyRules, TrustedTypesRefusal } from './trusted-types.ts';

describe('the default Trusted Types policy', () => {
  const rules = policyRules('https://desk.example');

  it('lets script URLs of this origin through and refuses others', () => {
    expect(rules.createScriptURL('https://desk.example/assets/market-worker-1.js')).toBe('https://desk.example/assets/market-worker-1.js');
    expect(rules.createScriptURL('/assets/x.js')).toBe('/assets/x.js');
    expect(() => rules.createScriptURL('https://evil.example/x.js')).toThrow(TrustedTypesRefusal);
    expect(() => rules.createScriptURL('data:text/javascript,alert(1)')).toThrow(TrustedTypesRefusal);
  });

  it('never makes script text', () => {
    expect(() => rules.createScript('alert(1)')).toThrow(TrustedTypesRefusal);
  });

  it('passes plain markup and CSS text, refuses markup that could run script', () => {
    expect(rules.createHTML('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/></svg>')).toContain('<svg');
    expect(rules.createHTML('@media screen { .a { width: 1px } }')).toContain('@media');
    for (const payload of ['<img src=x onerror=alert(1)>', '<script>alert(1)</script>', '<a href="javascript:alert(1)">x</a>', '<iframe srcdoc="x">', '<svg onload=alert(1)>']) {
      expect(() => rules.createHTML(payload), payload).toThrow(TrustedTypesRefusal);
    }
  });
});
