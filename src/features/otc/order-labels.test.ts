import { describe, expect, it } from 'vitest';
import { OTC_STATUSES } from '../../../contract/otc-rules.ts';
import { namespaceTree } from '../../../tests/support/locale-namespace.ts';
import { orderAmountLabels } from './order-labels.ts';

const lookup = (tree: unknown, key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

describe('OTC order amount labels', () => {
  it('never call the paid side of an order that did not settle "paid"', () => {
    for (const status of ['cancelled', 'rejected', 'expired'] as const) expect(orderAmountLabels(status).from, status).toBe('order.released');
    expect(orderAmountLabels('settled').from).toBe('order.pays');
    expect(orderAmountLabels('open').from).toBe('order.holds');
  });

  it('has both labels of every state in both languages, and a cancelled order reads neither 已支付 nor Paid', () => {
    for (const language of ['zh-HK', 'en-US'] as const) {
      const tree = namespaceTree(language, 'otc');
      for (const status of OTC_STATUSES) {
        const { from, to } = orderAmountLabels(status);
        expect(typeof lookup(tree, from), `${language} ${status} ${from}`).toBe('string');
        expect(typeof lookup(tree, to), `${language} ${status} ${to}`).toBe('string');
      }
      const cancelled = String(lookup(tree, orderAmountLabels('cancelled').from));
      expect(cancelled).not.toMatch(/已支付|Paid/);
    }
  });
});
