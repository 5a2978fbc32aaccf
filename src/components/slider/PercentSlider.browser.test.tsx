import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { useState } from 'react';
import { render, type Rendered } from '../testing/render.tsx';
import { PercentSlider } from './PercentSlider.tsx';

function Harness({ onChange }: { onChange: (v: number) => void }) {
  const [value, setValue] = useState(0);
  return (
    <div style={{ width: 300 }}>
      <PercentSlider
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange(v);
        }}
      />
    </div>
  );
}

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe('PercentSlider (spec §5)', () => {
  it('offers the steps 0, 25, 50, 75, 100 and emits each one', async () => {
    const onChange = vi.fn();
    view = await render(<Harness onChange={onChange} />);
    const labels = Array.from(document.querySelectorAll('.td-slider__step')).map((el) => el.textContent);
    expect(labels).toEqual(['0%', '25%', '50%', '75%', '100%']);
    for (const step of [25, 50, 75, 100, 0]) {
      await userEvent.click(page.getByRole('button', { name: `Set to ${step}%` }));
    }
    expect(onChange.mock.calls.map((c) => c[0])).toEqual([25, 50, 75, 100, 0]);
  });

  it('moves the range input with the steps and marks the pressed step', async () => {
    view = await render(<Harness onChange={() => {}} />);
    await userEvent.click(page.getByRole('button', { name: 'Set to 75%' }));
    await expect.element(page.getByRole('slider')).toHaveValue('75');
    expect(page.getByRole('button', { name: 'Set to 75%' }).element().getAttribute('aria-pressed')).toBe('true');
    expect(document.querySelectorAll('.td-slider__dot--reached')).toHaveLength(4);
  });

  it('emits whole percents from the range input, by keyboard too', async () => {
    const onChange = vi.fn();
    view = await render(<Harness onChange={onChange} />);
    const range = page.getByRole('slider', { name: 'Percentage' });
    await userEvent.click(page.getByRole('button', { name: 'Set to 50%' }));
    range.element().focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith(51);
    expect(range.element().getAttribute('aria-valuetext')).toBe('51%');
  });

  it('clamps values outside 0..100', async () => {
    view = await render(<PercentSlider value={140} onChange={() => {}} />);
    await expect.element(page.getByRole('slider')).toHaveValue('100');
  });
});

describe('PercentSlider rail', () => {
  it('a press on the rail at a step dot sets that step', async () => {
    const onChange = vi.fn();
    view = await render(<Harness onChange={onChange} />);
    const dot = document.querySelectorAll<HTMLElement>('.td-slider__dot')[2]!; // 50%
    const box = dot.getBoundingClientRect();
    const range = page.getByRole('slider').element().getBoundingClientRect();
    await userEvent.click(page.getByRole('slider'), {
      position: { x: box.x + box.width / 2 - range.x, y: box.y + box.height / 2 - range.y },
    });
    expect(onChange).toHaveBeenLastCalledWith(50);
  });
});
