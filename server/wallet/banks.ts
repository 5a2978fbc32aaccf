/**
 * The sandbox's bank directory: what the provider's bank-code lookup knows (spec §8 'Bank Code Not Found' for
 * the rest). SWIFT/BIC codes by their first 8 characters (a branch code is accepted with any of them), and
 * Hong Kong's 3-digit clearing codes. A real deployment asks the provider's directory; the shape check is
 * contract/fiat.ts `BANK_CODE_PATTERN`.
 */
const DIRECTORY: Record<string, { bankName: string; country: string }> = {
  HSBCHKHH: { bankName: 'The Hongkong and Shanghai Banking Corporation Limited', country: 'HK' },
  BKCHHKHH: { bankName: 'Bank of China (Hong Kong) Limited', country: 'HK' },
  SCBLHKHH: { bankName: 'Standard Chartered Bank (Hong Kong) Limited', country: 'HK' },
  HASEHKHH: { bankName: 'Hang Seng Bank Limited', country: 'HK' },
  DHBKHKHH: { bankName: 'DBS Bank (Hong Kong) Limited', country: 'HK' },
  CITIHKAX: { bankName: 'Citibank (Hong Kong) Limited', country: 'HK' },
  CHASUS33: { bankName: 'JPMorgan Chase Bank, N.A.', country: 'US' },
  CITIUS33: { bankName: 'Citibank, N.A.', country: 'US' },
  BOFAUS3N: { bankName: 'Bank of America, N.A.', country: 'US' },
  DBSSSGSG: { bankName: 'DBS Bank Ltd.', country: 'SG' },
  '004': { bankName: 'The Hongkong and Shanghai Banking Corporation Limited', country: 'HK' },
  '012': { bankName: 'Bank of China (Hong Kong) Limited', country: 'HK' },
  '003': { bankName: 'Standard Chartered Bank (Hong Kong) Limited', country: 'HK' },
  '024': { bankName: 'Hang Seng Bank Limited', country: 'HK' },
  '016': { bankName: 'DBS Bank (Hong Kong) Limited', country: 'HK' },
  '250': { bankName: 'Citibank (Hong Kong) Limited', country: 'HK' },
};

export function lookUpBank(code: string): { bankName: string; country: string } | null {
  return DIRECTORY[code.length === 11 ? code.slice(0, 8) : code] ?? null;
}

/** The provider's own bank account per currency, which users pay deposits into (sandbox values). */
export const PROVIDER_BANK = {
  beneficiary: 'Trading Desk Sandbox Custody Limited — Client Account',
  bankName: 'The Hongkong and Shanghai Banking Corporation Limited',
  bankAddress: '1 Queen’s Road Central, Hong Kong',
  swift: 'HSBCHKHHHKH',
  accountNumber: { USD: '004123456838', HKD: '004123456001' } as Record<string, string>,
};
