import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { MESSAGE_KINDS, type MessageKind } from '../../../contract/messages-rules.ts';
import { LANGUAGES, namespaceTree, type Language } from '../../../tests/support/locale-namespace.ts';
import { groupThousands } from '../../lib/format/index.ts';
import { AMOUNT_PARAMS, messageText } from './message-text.ts';

// The messages namespace: every kind the sandbox writes has a title and the text of each of its variants in both
// languages, and every parameter the sandbox sends appears in the text (nothing is dropped or left as {{…}}); a
// parameter's markup stays text (tests/unit/locales.test.ts checks that both locales have the same keys).
const load = (language: Language) => namespaceTree(language, 'messages');

// The parameters server/platform/notify.ts MessageParams gives each kind.
const samples: Record<MessageKind, Array<Record<string, string>>> = {
  depositCredited: [{ channel: 'coin', asset: 'BTC', amount: '0.5', recordId: 'D1' }, { channel: 'fiat', asset: 'USD', amount: '2500.5', recordId: 'FD2' }],
  withdrawalPaid: [{ channel: 'coin', asset: 'USDT', amount: '1000', recordId: 'W3' }, { channel: 'fiat', asset: 'USD', amount: '1000', recordId: 'FW4' }],
  withdrawalFailed: [{ channel: 'coin', asset: 'USDT', amount: '300', recordId: 'W5' }, { channel: 'fiat', asset: 'HKD', amount: '500', recordId: 'FW6' }],
  otcFilled: [{ orderId: '7', fromAsset: 'BTC', toAsset: 'USDT', fromAmount: '4', toAmount: '240000' }],
  otcSettled: [{ orderId: '7', fromAsset: 'BTC', toAsset: 'USDT', fromAmount: '4', toAmount: '240000' }],
  otcRejected: [{ orderId: '8', fromAsset: 'USDT', toAsset: 'BTC', fromAmount: '210000', toAmount: '3.5' }],
  otcExpired: [{ orderId: '9', fromAsset: 'USDT', toAsset: 'BTC', fromAmount: '210000', toAmount: '3.5' }],
  loanMarginCall: [{ orderId: '11', collateralAsset: 'BTC', ltv: '81.95', marginCallLtv: '75.00', liquidationLtv: '83.00', liquidationPrice: '48192.77' }],
  loanLiquidated: [{ orderId: '11', collateralAsset: 'BTC', collateralSold: '0.2104', collateralReturned: '0.0396', loanAsset: 'USDT', refund: '3.12' }],
  newDeviceSignIn: [{ ip: '203.0.113.9', device: 'Firefox on macOS' }],
  passwordChanged: [{ via: 'change' }, { via: 'reset' }],
  emailChanged: [{}],
  phoneChanged: [{ via: 'bind' }, { via: 'update' }],
  gaChanged: [{ via: 'bind' }, { via: 'rebind' }, { via: 'reset' }],
  antiPhishingChanged: [{}],
  kycApproved: [{ via: 'basic' }, { via: 'advanced' }],
  kycRejected: [{ via: 'basic', reason: 'The document is unreadable' }, { via: 'advanced', reason: 'The document is unreadable' }],
};

describe('messages namespace', () => {
  it.each(LANGUAGES)('writes every kind and variant with all its parameters in %s', async (language) => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: language, resources: { [language]: { messages: load(language) } }, interpolation: { escapeValue: false } });
    const t = i18n.getFixedT(language, 'messages');
    for (const kind of MESSAGE_KINDS) {
      for (const params of samples[kind]) {
        const { title, body } = messageText(t, { kind, params });
        expect(i18n.exists(`kinds.${kind}.title`, { ns: 'messages' }), kind).toBe(true);
        expect(title).not.toContain('kinds.');
        expect(body, `${kind} ${JSON.stringify(params)}`).not.toMatch(/kinds\.|\{\{/);
        for (const [key, value] of Object.entries(params)) {
          if (key === 'channel' || key === 'via' || key === 'toAmount' && kind.startsWith('otcRe') || key === 'toAmount' && kind === 'otcExpired') continue;
          expect(body, `${kind}.${key}`).toContain(AMOUNT_PARAMS.has(key) ? groupThousands(value) : value);
        }
      }
    }
  });

  it('renders markup in a parameter as the characters it is', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'en-US', resources: { 'en-US': { messages: load('en-US') } }, interpolation: { escapeValue: false } });
    const { body } = messageText(i18n.getFixedT('en-US', 'messages'), { kind: 'newDeviceSignIn', params: { ip: '1.2.3.4', device: '<b>x</b>' } });
    expect(body).toContain('<b>x</b>');
  });
});
