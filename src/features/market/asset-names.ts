/**
 * What people call the common assets, for the market page's search only (never shown: the list shows symbols, as
 * the exchanges do): Hong Kong Chinese, Simplified and English names, so 比特幣, 比特币 and "bitcoin" find the BTC
 * pairs as "BTC" does. Matched as parts of a name (以太 finds ETH), lower-cased.
 */
const ASSET_NAMES: Readonly<Record<string, readonly string[]>> = {
  BTC: ['比特幣', '比特币', 'bitcoin'],
  ETH: ['以太坊', '以太幣', '以太币', 'ethereum', 'ether'],
  USDT: ['泰達幣', '泰达币', 'tether'],
  USDC: ['美元幣', '美元币', 'usd coin'],
  FDUSD: ['first digital usd'],
  BNB: ['幣安幣', '币安币', 'binance coin'],
  SOL: ['索拉納', '索拉纳', 'solana'],
  XRP: ['瑞波幣', '瑞波币', 'ripple'],
  DOGE: ['狗狗幣', '狗狗币', 'dogecoin'],
  ADA: ['艾達幣', '艾达币', 'cardano'],
  TRX: ['波場', '波场', 'tron'],
  LTC: ['萊特幣', '莱特币', 'litecoin'],
  BCH: ['比特幣現金', '比特币现金', 'bitcoin cash'],
  ETC: ['以太坊經典', '以太坊经典', 'ethereum classic'],
  DOT: ['波卡', 'polkadot'],
  LINK: ['chainlink'],
  AVAX: ['雪崩', 'avalanche'],
  SHIB: ['柴犬幣', '柴犬币', 'shiba inu'],
  TON: ['toncoin'],
  SUI: ['sui'],
  UNI: ['uniswap'],
  FIL: ['文件幣', '文件币', 'filecoin'],
  XLM: ['恆星幣', '恒星币', 'stellar'],
  NEAR: ['near protocol'],
  APT: ['aptos'],
  ARB: ['arbitrum'],
  OP: ['optimism'],
  PEPE: ['佩佩蛙', 'pepe'],
};

const HAN = /\p{Script=Han}/u;

/**
 * The assets whose name contains the search text (lower-cased, blanks trimmed): Han text from one character on,
 * Latin from three letters (shorter Latin text is a symbol, which the symbol match covers).
 */
export function assetsNamed(query: string): ReadonlySet<string> {
  const q = query.trim().toLowerCase();
  const found = new Set<string>();
  if (q === '' || (!HAN.test(q) && q.length < 3)) return found;
  for (const [asset, names] of Object.entries(ASSET_NAMES)) if (names.some((name) => name.includes(q))) found.add(asset);
  return found;
}
