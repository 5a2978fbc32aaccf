import { describe, expect, it } from 'vitest';
import { BROKER_EXCHANGES } from '../../../../contract/broker-rules.ts';
import { BROKER_ADDRESS_STATES, BROKER_ADDRESS_TYPES, MESSAGE_CONFIG_STATES, MESSAGE_EVENTS } from '../../../../contract/broker-config-rules.ts';
import { missingKeys, namespaceText } from '../../../../tests/support/locale-namespace.ts';

// The broker-config namespace's dynamic keys cover the values they take, and zh-HK is written in the glossary's
// terms (tests/unit/locales.test.ts checks that both locales have the same keys and every key the code writes).
describe('broker-config namespace', () => {
  it('names every exchange, address type and state, notification and state', () => {
    const dynamic = [
      ...BROKER_EXCHANGES.map((x) => `exchanges.${x}`),
      ...BROKER_ADDRESS_TYPES.map((x) => `address.types.${x}`),
      ...BROKER_ADDRESS_STATES.map((x) => `address.status.${x}`),
      ...MESSAGE_EVENTS.map((x) => `message.events.${x}`),
      ...MESSAGE_CONFIG_STATES.map((x) => `message.status.${x}`),
    ];
    expect(missingKeys('broker-config', dynamic)).toEqual([]);
  });

  it('uses the glossary terms in zh-HK: 提幣, 白名單, 電郵, 帳戶, 儲存, 設定', () => {
    const zh = namespaceText('zh-HK', 'broker-config');
    for (const term of ['提幣地址簿', '白名單', '電郵', '帳戶', '儲存', '設定', '暫無記錄']) expect(zh).toContain(term);
    expect(zh).not.toMatch(/賬|郵箱|保存|設置|消息|提現|暫無數據/);
  });
});
