import { fold } from './fold.ts';

/**
 * The help centre's search (spec §1): an inverted index over the articles of one language, built in the
 * browser the first time a search runs (the articles are already there; nothing of it is in the main bundle).
 *
 * Tokens: Chinese has no spaces, so a run of Han characters gives its overlapping character bigrams (提幣地址 →
 * 提幣, 幣地, 地址), and its single characters for one-character queries; a query of two or more characters is
 * matched by its bigrams, so 提幣 finds 提幣地址. Latin text gives words, lightly stemmed (withdrawals →
 * withdraw), and a query word of three letters or more also matches words it begins (search as you type).
 * Before that, text is folded (fold.ts: Traditional and Simplified alike) and synonyms are rewritten to one
 * spelling on both sides, so 出金, 提現 and 提币 find what 提幣 finds.
 */

/** Groups of words that mean one thing to a reader, folded (Simplified, lower case); the first is the spelling kept. */
export const SYNONYMS: readonly (readonly string[])[] = [
  ['提币', '出金', '提现', '提款', '取款', '出币'],
  ['充币', '入金', '充值', '存款', '入币', '存币'],
  ['闪兑', '兑换', '换币', '币币兑换'],
  ['验证器', '谷歌验证', '身份验证器', '双重验证', '两步验证', '二次验证', '二步验证'],
  ['手续费', '费用', '收费'],
  ['登入', '登录', '登陆'],
  ['设定', '设置'],
  ['电邮', '邮箱', '电子邮件', '邮件'],
  ['短讯', '短信'],
  ['遗失', '丢失', '丢了', '弄丢'],
  ['重设密码', '忘记密码', '重置密码', '找回密码'],
  ['otc', '场外', '大宗交易'],
  ['withdraw', 'cash out', 'cashout', 'payout', 'pay out'],
  ['deposit', 'recharge', 'top up', 'top-up', 'topup'],
  ['convert', 'swap'],
  ['authenticator', '2fa', 'two-factor', 'two factor', 'totp', 'mfa', 'google auth'],
  ['fee', 'commission', 'charge'],
  ['sign in', 'log in', 'login', 'signin', 'logon', 'log on'],
  ['whitelist', 'allowlist', 'allow list', 'white list'],
  ['password', 'passcode', 'pwd'],
];

const HAN = /\p{Script=Han}/u;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const canonical = new Map<string, string>();
for (const group of SYNONYMS) for (const word of group) canonical.set(word, group[0]!);
// One pass, longest first, so 提款 is not half-replaced by a shorter word; Latin words only whole.
const synonymPattern = new RegExp(
  [...canonical.keys()]
    .sort((a, b) => b.length - a.length)
    .map((w) => (HAN.test(w) ? escape(w) : `(?<![a-z0-9])${escape(w)}(?![a-z0-9])`))
    .join('|'),
  'gu',
);

/** Folded text with every synonym written its one way. */
export function normalise(text: string): string {
  return fold(text).replace(synonymPattern, (word) => ` ${canonical.get(word) ?? word} `);
}

/** A light English stemmer: the same on both sides, so plurals and -ing/-ed/-al forms meet their root. */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  for (const suffix of ['ing', 'ed', 'al']) {
    if (w.length - suffix.length >= 4 && w.endsWith(suffix)) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  return w;
}

/** The index's terms of a text: for Han runs their bigrams and characters, for Latin their stemmed words. */
export function indexTerms(text: string): string[] {
  const out: string[] = [];
  for (const run of normalise(text).match(/\p{Script=Han}+|[a-z0-9]+/gu) ?? []) {
    if (HAN.test(run)) {
      const chars = [...run];
      chars.forEach((c, i) => {
        out.push(c);
        if (i + 1 < chars.length) out.push(c + chars[i + 1]);
      });
    } else {
      out.push(stem(run));
    }
  }
  return out;
}

export interface QueryTerm {
  term: string;
  /** Latin words of 3 letters or more also match the words they begin. */
  prefix: boolean;
}

/** A query's terms: bigrams of Han runs of two or more characters (the character itself for one), Latin words. */
export function queryTerms(query: string): QueryTerm[] {
  const out: QueryTerm[] = [];
  const seen = new Set<string>();
  const add = (term: string, prefix: boolean) => {
    if (seen.has(term)) return;
    seen.add(term);
    out.push({ term, prefix });
  };
  for (const run of normalise(query).match(/\p{Script=Han}+|[a-z0-9]+/gu) ?? []) {
    if (HAN.test(run)) {
      const chars = [...run];
      if (chars.length === 1) add(chars[0]!, false);
      for (let i = 0; i + 1 < chars.length; i++) add(chars[i]! + chars[i + 1]!, false);
    } else {
      add(stem(run), run.length >= 3);
    }
  }
  return out;
}

export interface SearchDoc {
  id: string;
  /** Fields and their weights: a word in the title counts more than one in the body. */
  fields: ReadonlyArray<readonly [text: string, weight: number]>;
}

export interface SearchHit {
  id: string;
  score: number;
}

/** The inverted index of one language's articles. */
export class SearchIndex {
  /** term → (document → weighted count) */
  private readonly postings = new Map<string, Map<number, number>>();
  private readonly latinTerms: string[] = [];

  constructor(private readonly docs: readonly SearchDoc[]) {
    docs.forEach((doc, d) => {
      for (const [text, weight] of doc.fields) {
        for (const term of indexTerms(text)) {
          let posting = this.postings.get(term);
          if (!posting) {
            posting = new Map();
            this.postings.set(term, posting);
            if (!HAN.test(term)) this.latinTerms.push(term);
          }
          posting.set(d, (posting.get(d) ?? 0) + weight);
        }
      }
    });
  }

  /**
   * Articles for a query, best first. Each query term scores by its weighted count and rarity (tf-idf); an
   * article must match most of the query's terms (at least 60 %, and all of a two-term query), and its score
   * is scaled by the share it matches, so 提幣地址 ranks the address-book article above one that only says 提幣.
   */
  search(query: string): SearchHit[] {
    const terms = queryTerms(query);
    if (terms.length === 0) return [];
    const scores = new Map<number, { score: number; matched: number }>();
    const n = this.docs.length;
    for (const { term, prefix } of terms) {
      const expanded = prefix ? this.latinTerms.filter((t) => t.startsWith(term)) : this.postings.has(term) ? [term] : [];
      const perDoc = new Map<number, number>();
      for (const t of expanded) {
        const posting = this.postings.get(t)!;
        const idf = Math.log(1 + n / posting.size);
        // A word that only begins with the query counts for less than the word itself.
        const exact = t === term ? 1 : 0.6;
        for (const [d, weight] of posting) perDoc.set(d, Math.max(perDoc.get(d) ?? 0, (1 + Math.log(weight)) * idf * exact));
      }
      for (const [d, value] of perDoc) {
        const entry = scores.get(d) ?? { score: 0, matched: 0 };
        entry.score += value;
        entry.matched += 1;
        scores.set(d, entry);
      }
    }
    const needed = terms.length <= 2 ? terms.length : Math.ceil(terms.length * 0.6);
    return [...scores]
      .filter(([, e]) => e.matched >= needed)
      .map(([d, e]) => ({ id: this.docs[d]!.id, score: e.score * (e.matched / terms.length) ** 2, order: d }))
      .sort((a, b) => b.score - a.score || a.order - b.order)
      .map(({ id, score }) => ({ id, score }));
  }
}
