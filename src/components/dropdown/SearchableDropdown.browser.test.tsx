import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { useState } from 'react';
import { render, type Rendered } from '../testing/render.tsx';
import { SearchableDropdown } from './SearchableDropdown.tsx';
import type { DropdownOption } from './filter-options.ts';

const options: DropdownOption[] = [
  { value: 'btc', label: 'BTC', description: 'Bitcoin', color: 'rgb(240, 185, 11)' },
  { value: 'eth', label: 'ETH', description: 'Ethereum', disabled: true },
  { value: 'usdt', label: 'USDT', description: 'Tether USD' },
  { value: 'usdc', label: 'USDC', description: 'USD Coin' },
];

function Harness({ onChange }: { onChange: (v: string) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <SearchableDropdown
      ariaLabel="Asset"
      options={options}
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

const visibleLabels = () =>
  Array.from(document.querySelectorAll('[role="option"] .td-dropdown__label')).map((el) => el.textContent);

describe('SearchableDropdown (spec §2)', () => {
  it('shows label and description and filters by either', async () => {
    view = await render(<Harness onChange={() => {}} />);
    const input = page.getByRole('combobox', { name: 'Asset' });
    await userEvent.click(input);
    await expect.poll(visibleLabels).toEqual(['BTC', 'ETH', 'USDT', 'USDC']);
    expect(document.querySelector('[role="option"] .td-dropdown__description')?.textContent).toBe('Bitcoin');
    // spec §3 "Select options: value, label, color": an option's colour marks it; one without has no mark.
    const swatches = Array.from(document.querySelectorAll<HTMLElement>('[role="option"] .td-dropdown__swatch'));
    expect(swatches.map((el) => el.style.backgroundColor)).toEqual(['rgb(240, 185, 11)']);
    await userEvent.fill(input, 'usd');
    await expect.poll(visibleLabels).toEqual(['USDT', 'USDC']);
    await userEvent.fill(input, 'coin');
    await expect.poll(visibleLabels).toEqual(['BTC', 'USDC']);
    await userEvent.fill(input, 'xrp');
    await expect.element(page.getByText('No matching options')).toBeVisible();
  });

  it('chooses with the mouse and shows the chosen label', async () => {
    const onChange = vi.fn();
    view = await render(<Harness onChange={onChange} />);
    await userEvent.click(page.getByRole('combobox'));
    await userEvent.click(page.getByRole('option', { name: /USDT/ }));
    expect(onChange).toHaveBeenCalledWith('usdt');
    await expect.element(page.getByRole('combobox')).toHaveValue('USDT');
    expect(page.getByRole('combobox').element().getAttribute('aria-expanded')).toBe('false');
  });

  it('ignores clicks on disabled options', async () => {
    const onChange = vi.fn();
    view = await render(<Harness onChange={onChange} />);
    await userEvent.click(page.getByRole('combobox'));
    // force: Playwright would otherwise wait for an aria-disabled element to become enabled.
    await userEvent.click(page.getByRole('option', { name: /ETH/ }), { force: true });
    expect(onChange).not.toHaveBeenCalled();
    expect(page.getByRole('combobox').element().getAttribute('aria-expanded')).toBe('true');
  });

  it('skips disabled options with the keyboard and chooses with Enter', async () => {
    const onChange = vi.fn();
    view = await render(<Harness onChange={onChange} />);
    const input = page.getByRole('combobox');
    await userEvent.click(input);
    // Active starts on BTC; ArrowDown must skip the disabled ETH.
    await userEvent.keyboard('{ArrowDown}');
    const activeId = input.element().getAttribute('aria-activedescendant');
    expect(document.getElementById(activeId ?? '')?.textContent).toContain('USDT');
    await userEvent.keyboard('{ArrowUp}');
    expect(document.getElementById(input.element().getAttribute('aria-activedescendant') ?? '')?.textContent).toContain('BTC');
    await userEvent.keyboard('{End}{Enter}');
    expect(onChange).toHaveBeenCalledWith('usdc');
  });

  it('closes on Escape without choosing, and filters then picks the first enabled match', async () => {
    const onChange = vi.fn();
    view = await render(<Harness onChange={onChange} />);
    const input = page.getByRole('combobox');
    await userEvent.click(input);
    await userEvent.keyboard('{Escape}');
    expect(input.element().getAttribute('aria-expanded')).toBe('false');
    await userEvent.fill(input, 'e'); // matches ETH (disabled) and USDT (Tether) only
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('usdt');
  });

  it('stays open when the filter input is clicked again; the toggle button closes it', async () => {
    view = await render(<Harness onChange={() => {}} />);
    const input = page.getByRole('combobox');
    await userEvent.click(input);
    await userEvent.click(input);
    expect(input.element().getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(page.getByRole('button', { name: 'Show options' }));
    expect(input.element().getAttribute('aria-expanded')).toBe('false');
  });

  it('uses the translated placeholder', async () => {
    view = await render(<SearchableDropdown options={options} value={null} onChange={() => {}} />, 'zh-HK');
    expect(page.getByRole('combobox').element().getAttribute('placeholder')).toBe('請選擇');
  });
});
