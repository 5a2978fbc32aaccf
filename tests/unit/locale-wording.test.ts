import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { leaves, lookup, namespaceTree, namespaces, type Language, type Tree } from '../support/locale-namespace.ts';

// Wording that ../shared/GLOSSARY.md and the zh-HK-first rule ask for, each check failing on the text it replaced:
// the polite 您 (never 你), 記錄 (never 紀錄), one term for an API key (API 密鑰), fiat worded as fiat (法幣存款 /
// 法幣提款, never 充幣 / 提幣 on a bank transfer), and errors that say what the person can do instead of naming the
// backend's interface.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function texts(language: Language): Array<{ where: string; text: string }> {
  return namespaces(language).flatMap((ns) => {
    const tree = namespaceTree(language, ns);
    return leaves(tree).map((key) => ({ where: `${ns}:${key}`, text: String(lookup(tree, key)) }));
  });
}

const zh = texts('zh-HK');
const en = texts('en-US');
const matching = (list: typeof zh, pattern: RegExp) => list.filter(({ text }) => pattern.test(text)).map(({ where, text }) => `${where} ${text}`);
const text = (language: Language, ns: string, key: string) => lookup(namespaceTree(language, ns) as Tree, key);

describe('zh-HK wording', () => {
  it('addresses the reader as 您, never 你 (迷你 is a word of its own)', () => {
    expect(matching(zh, /(?<!迷)你/)).toEqual([]);
  });

  it('writes 記錄, never 紀錄', () => {
    expect(matching(zh, /紀錄/)).toEqual([]);
  });

  it('names an API key one way: API 密鑰, never 金鑰', () => {
    expect(matching(zh, /金鑰/)).toEqual([]);
    expect(text('zh-HK', 'broker', 'keys.create')).toBe('新增 API 密鑰');
  });

  it('says what to do when the server cannot be reached, not which interface failed', () => {
    expect(matching(zh, /接口/)).toEqual([]);
    expect(matching(en, /\bbackend\b|system interface/i)).toEqual([]);
    for (const language of ['zh-HK', 'en-US'] as const) {
      expect(String(text(language, 'errors', 'transport.network'))).toMatch(language === 'zh-HK' ? /網絡連線.*再試/ : /network connection and try again/);
    }
  });
});

describe('fiat worded as fiat', () => {
  it('names the fiat withdrawal steps 法幣提款, and the fiat page uses them', () => {
    expect(text('zh-HK', 'wallet', 'fiat.confirm')).toBe('確認法幣提款');
    expect(text('zh-HK', 'wallet', 'fiat.another')).toBe('再次法幣提款');
    const fiatPage = readFileSync(path.join(root, 'src/features/wallet/WithdrawFiatPage.tsx'), 'utf8');
    const verify = readFileSync(path.join(root, 'src/features/wallet/VerifyCodes.tsx'), 'utf8');
    expect(fiatPage).not.toContain("t('withdraw.another')");
    expect(verify).toContain("area === 'fiatWithdraw' ? t('fiat.confirm')");
  });

  it('titles a bank transfer message 法幣存款 / 法幣提款, never 充幣 / 提幣', () => {
    const titles = { depositCredited: /^法幣存款/, withdrawalPaid: /^法幣提款/, withdrawalFailed: /^法幣提款/ };
    for (const [kind, pattern] of Object.entries(titles)) {
      const title = String(text('zh-HK', 'messages', `kinds.${kind}.title_fiat`));
      expect(title).toMatch(pattern);
      expect(title).not.toMatch(/充幣|提幣/);
      expect(String(text('en-US', 'messages', `kinds.${kind}.title_fiat`))).toMatch(/^Fiat /);
    }
  });
});
