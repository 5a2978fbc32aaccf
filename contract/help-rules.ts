/**
 * The help centre's articles (spec §1 "A help centre (FAQ) covers convert, withdraw, recharge and security"):
 * the categories and the article slugs of each, one list for the app (routes, content files, context help) and
 * the sandbox (the "was this helpful?" votes accept only these ids). Plain values only, so the app may import
 * it at run time (contract/bundle-boundary.test.ts).
 */
export const HELP_CATEGORIES = ['convert', 'withdraw', 'recharge', 'security', 'products'] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

export const HELP_ARTICLES = {
  convert: ['what-is-convert', 'quotes', 'limits', 'convert-or-otc'],
  withdraw: ['how-to-withdraw', 'fees-and-limits', 'address-book-whitelist', 'restrictions', 'fiat-withdrawal'],
  recharge: ['how-to-deposit', 'networks-confirmations', 'fiat-deposit', 'wrong-network'],
  security: ['google-authenticator', 'lost-authenticator', 'password-lockouts', 'sessions-devices', 'freeze-account'],
  // Beyond spec §1's four: what a new user asked the help centre about (futures and leverage, OTC, loans, brokers).
  products: ['futures-leverage', 'otc-desk', 'loans', 'brokers'],
} as const satisfies Record<HelpCategory, readonly string[]>;

/** `category/slug`, e.g. `withdraw/fees-and-limits`: an article's id and the tail of its URL. */
export type HelpArticleId = { [C in HelpCategory]: `${C}/${(typeof HELP_ARTICLES)[C][number]}` }[HelpCategory];

export const HELP_ARTICLE_IDS: readonly HelpArticleId[] = HELP_CATEGORIES.flatMap((category) =>
  HELP_ARTICLES[category].map((slug) => `${category}/${slug}` as HelpArticleId),
);

export function isHelpCategory(value: unknown): value is HelpCategory {
  return typeof value === 'string' && (HELP_CATEGORIES as readonly string[]).includes(value);
}

export function isHelpArticleId(value: unknown): value is HelpArticleId {
  return typeof value === 'string' && (HELP_ARTICLE_IDS as readonly string[]).includes(value);
}

/** A browser's anonymous voter id (random, kept in local storage): one vote per article and voter, changeable. */
export const VOTER_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
