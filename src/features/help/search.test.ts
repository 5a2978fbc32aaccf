import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import enSources from './articles/en-US.ts';
import zhSources from './articles/zh-HK.ts';
import { parseArticles, type Article } from './articles.ts';
import { fold, foldedTraditional } from './fold.ts';
import { helpIndex } from './help-index.ts';
import { indexTerms, queryTerms, stem } from './search.ts';

// The help centre's search (spec §1) on the real articles: 提幣 finds the articles of 提幣地址; 出金, 提現 and the
// Simplified 提币 find the withdraw articles as 提幣 does; deposits by 充值, 入金 and 充幣 alike; "withdraw" in en-US.
const titles = (language: string) =>
  (JSON.parse(readFileSync(fileURLToPath(new URL(`../../../locales/${language}/help.json`, import.meta.url)), 'utf8')) as { articles: Record<string, Record<string, string>> }).articles;
const indexOf = (language: 'zh-HK' | 'en-US') => {
  const names = titles(language);
  const articles = parseArticles(language === 'zh-HK' ? zhSources : enSources);
  return { articles, index: helpIndex(articles, (a: Article) => names[a.category]![a.slug]!) };
};
const zh = indexOf('zh-HK');
const en = indexOf('en-US');
const ids = (hits: Array<{ id: string }>) => hits.map((h) => h.id);
const withdrawIds = zh.articles.filter((a) => a.category === 'withdraw').map((a) => a.id);

describe('tokenizer', () => {
  it('cuts Han runs into bigrams (and characters), Latin into stemmed words', () => {
    expect(indexTerms('存款地址')).toEqual(['充', '充币', '币', '地', '地址', '址']);
    expect(indexTerms('交易帳戶')).toEqual(['交', '交易', '易', '易账', '账', '账户', '户']);
    expect(queryTerms('提幣')).toEqual([{ term: '提币', prefix: false }]);
    expect(queryTerms('幣')).toEqual([{ term: '币', prefix: false }]);
    expect(queryTerms('Withdrawals to ERC-20')).toEqual([
      { term: 'withdraw', prefix: true },
      { term: 'to', prefix: false },
      { term: 'erc', prefix: true },
      { term: '20', prefix: false },
    ]);
    // A synonym is kept whole: its bigrams do not run into the next word's.
    expect(indexTerms('Google 驗證器 2FA')).toEqual(['google', '验', '验证', '证', '证器', '器', 'authenticator']);
  });

  it('stems plurals and -ing, -ed, -al forms to one root', () => {
    expect(['withdraw', 'withdraws', 'withdrawal', 'withdrawals', 'withdrawing'].map(stem)).toEqual(Array(5).fill('withdraw'));
    expect(['deposit', 'deposits', 'deposited'].map(stem)).toEqual(Array(3).fill('deposit'));
    expect(stem('address')).toBe('address');
    expect(stem('status')).toBe('status');
  });

  it('folds Traditional and Simplified, full-width and case alike', () => {
    expect(fold('提幣地址 帳戶 閃兌 驗證碼')).toBe(fold('提币地址 账户 闪兑 验证码'));
    expect(fold('ＵＳＤＴ Ｇoogle')).toBe('usdt google');
  });

  it('folds every character of the zh-HK articles and help strings that is written otherwise in Simplified Chinese (sample)', () => {
    // Characters of the articles whose Simplified form differs: the table must know them (checked against OpenCC once).
    const folded = foldedTraditional();
    for (const char of '幣帳戶閃兌驗證碼網絡確認數錢鎖凍結餘額轉劃單據費點鐘時間與說請設郵電話認識別決') expect(folded.has(char), char).toBe(true);
  });
});

describe('help search (zh-HK)', () => {
  it('finds 提幣 in 提幣地址: the address book article is among the results of 提幣', () => {
    const hits = ids(zh.index.search('提幣'));
    expect(hits).toContain('withdraw/address-book-whitelist');
    expect(hits.slice(0, withdrawIds.length).sort()).toEqual([...withdrawIds].sort());
  });

  it('ranks the address book first for 提幣地址', () => {
    expect(ids(zh.index.search('提幣地址'))[0]).toBe('withdraw/address-book-whitelist');
  });

  it.each(['出金', '提現', '提币', '提款', '出幣'])('finds the withdraw articles for %s as for 提幣', (query) => {
    expect(ids(zh.index.search(query))).toEqual(ids(zh.index.search('提幣')));
  });

  it.each(['充值', '入金', '充币', '存款'])('finds the deposit articles for %s as for 充幣', (query) => {
    const hits = ids(zh.index.search(query));
    expect(hits).toEqual(ids(zh.index.search('充幣')));
    expect(hits.slice(0, 4).every((id) => id.startsWith('recharge/')), hits.join()).toBe(true);
  });

  it('reads Simplified queries of other words as their Traditional spelling', () => {
    expect(ids(zh.index.search('谷歌验证'))[0]).toBe('security/google-authenticator');
    expect(ids(zh.index.search('冻结账户'))[0]).toBe('security/freeze-account');
    expect(ids(zh.index.search('手续费'))[0]).toBe('withdraw/fees-and-limits');
    expect(ids(zh.index.search('白名单'))[0]).toBe('withdraw/address-book-whitelist');
  });

  it('finds nothing for nothing, and for words of no article', () => {
    expect(zh.index.search('')).toEqual([]);
    expect(zh.index.search('   ')).toEqual([]);
    expect(zh.index.search('孖展期貨')).toEqual([]);
  });
});

describe('help search (en-US)', () => {
  it('finds the withdraw articles for "withdraw", first', () => {
    const hits = ids(en.index.search('withdraw'));
    const withdraw = en.articles.filter((a) => a.category === 'withdraw').map((a) => a.id);
    expect(hits.slice(0, withdraw.length).sort()).toEqual([...withdraw].sort());
    expect(ids(en.index.search('Withdrawals'))).toEqual(hits);
    expect(ids(en.index.search('cash out'))).toEqual(hits);
  });

  it('finds deposits by "top up" and "recharge", and the authenticator by 2FA', () => {
    expect(ids(en.index.search('top up'))).toEqual(ids(en.index.search('deposit')));
    expect(ids(en.index.search('recharge'))).toEqual(ids(en.index.search('deposit')));
    expect(ids(en.index.search('2FA'))[0]).toBe('security/google-authenticator');
  });

  it('matches words as they are typed', () => {
    expect(ids(en.index.search('whitel'))[0]).toBe('withdraw/address-book-whitelist');
    expect(ids(en.index.search('wrong network'))[0]).toBe('recharge/wrong-network');
  });
});

describe('help search: futures, OTC, loans and brokers', () => {
  it('finds the futures article for 槓桿 (and the Simplified 杠杆), and for leverage', () => {
    expect(ids(zh.index.search('槓桿'))[0]).toBe('products/futures-leverage');
    expect(ids(zh.index.search('杠杆'))[0]).toBe('products/futures-leverage');
    expect(ids(zh.index.search('合約'))[0]).toBe('products/futures-leverage');
    expect(ids(en.index.search('leverage'))[0]).toBe('products/futures-leverage');
  });

  it('finds the loans, OTC desk and brokers articles by their words in both languages', () => {
    expect(ids(zh.index.search('借貸'))[0]).toBe('products/loans');
    expect(ids(zh.index.search('年利率'))[0]).toBe('products/loans');
    expect(ids(en.index.search('loan'))[0]).toBe('products/loans');
    expect(ids(zh.index.search('場外交易台'))[0]).toBe('products/otc-desk');
    expect(ids(en.index.search('OTC desk'))[0]).toBe('products/otc-desk');
    expect(ids(zh.index.search('經紀'))[0]).toBe('products/brokers');
    expect(ids(en.index.search('broker'))[0]).toBe('products/brokers');
  });
});
