import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render, type Rendered } from './testing/render.tsx';
import { EmptyState, LongNumber, NoPermission } from './index.ts';

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe('EmptyState (spec §2)', () => {
  it("shows the translated 'no data' text in both locales", async () => {
    view = await render(<EmptyState />, 'zh-HK');
    await expect.element(page.getByText('暫無記錄')).toBeVisible();
    await view.unmount();
    view = await render(<EmptyState />, 'en-US');
    await expect.element(page.getByText('No data')).toBeVisible();
  });
});

describe('LongNumber (spec §9)', () => {
  it('shows 8 decimals in a 120 px box and the full value in the title', async () => {
    view = await render(<LongNumber value="12345678901234.123456789123" />);
    const el = view.container.querySelector<HTMLElement>('.td-long-number')!;
    expect(el.textContent).toBe('12345678901234.12345678');
    expect(el.title).toBe('12345678901234.123456789123');
    expect(el.getBoundingClientRect().width).toBeLessThanOrEqual(120);
    expect(el.scrollWidth).toBeGreaterThan(el.clientWidth); // long enough to ellipsise
  });

  it("shows '--' without a title for missing values", async () => {
    view = await render(<LongNumber value={null} />);
    const el = view.container.querySelector<HTMLElement>('.td-long-number')!;
    expect(el.textContent).toBe('--');
    expect(el.hasAttribute('title')).toBe(false);
  });
});

describe('NoPermission (spec §2)', () => {
  it('shows an image, the default tips and the support e-mail as a link', async () => {
    view = await render(<NoPermission supportEmail="support@example.com" />, 'zh-HK');
    const img = view.container.querySelector('img')!;
    await expect.poll(() => img.complete && img.naturalWidth > 0).toBe(true);
    expect(img.src.startsWith('http://') || img.src.startsWith('data:')).toBe(true);
    await expect.element(page.getByText('您沒有權限訪問此頁面。')).toBeVisible();
    const link = page.getByRole('link', { name: 'support@example.com' });
    await expect.element(link).toHaveAttribute('href', 'mailto:support@example.com');
    expect(view.container.querySelector('footer')!.textContent).toBe('如需協助，請聯絡客戶支援：support@example.com');
  });

  it('takes custom tips and keeps markup in the address as text', async () => {
    view = await render(<NoPermission tips="Ask your administrator" supportEmail="<b>x</b>@example.com" />);
    await expect.element(page.getByText('Ask your administrator')).toBeVisible();
    expect(view.container.querySelector('footer b')).toBeNull();
    expect(view.container.querySelector('footer')!.textContent).toContain('<b>x</b>@example.com');
  });
});
