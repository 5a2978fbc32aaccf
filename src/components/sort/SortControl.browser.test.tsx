import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render, type Rendered } from '../testing/render.tsx';
import { SortControl } from './SortControl.tsx';

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe('SortControl (spec §4)', () => {
  it('cycles none → desc → asc → none and emits each new value', async () => {
    const onChange = vi.fn();
    view = await render(<SortControl column="Price" onChange={onChange} />);
    const button = page.getByRole('button');
    expect(button.element().getAttribute('data-order')).toBe('none');
    for (let i = 0; i < 4; i++) await userEvent.click(button);
    expect(onChange.mock.calls.map((c) => c[0])).toEqual(['desc', 'asc', 'none', 'desc']);
    expect(button.element().getAttribute('data-order')).toBe('desc');
    expect(button.element().getAttribute('aria-label')).toBe('Sort by Price: descending');
  });

  it('when controlled, shows the given value and emits the next one from it', async () => {
    const onChange = vi.fn();
    view = await render(<SortControl value="asc" onChange={onChange} />, 'zh-HK');
    const button = page.getByRole('button');
    await userEvent.click(button);
    expect(onChange).toHaveBeenCalledWith('none');
    expect(button.element().getAttribute('data-order')).toBe('asc'); // the parent did not change it
    expect(button.element().getAttribute('aria-label')).toBe('排序：升序');
  });
});
