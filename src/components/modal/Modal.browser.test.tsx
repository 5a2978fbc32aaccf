import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render, type Rendered } from '../testing/render.tsx';
import { Modal } from './Modal.tsx';
import { pageScrollLocks } from './scroll-lock.ts';

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  document.body.style.overflow = '';
});

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const part = (selector: string) => {
  const el = document.querySelector<HTMLElement>(selector);
  if (!el) throw new Error(`missing ${selector}`);
  return el;
};

describe('Modal defaults (spec §2, §9)', () => {
  it('uses the light theme, translated close/confirm text and the 1000 ms / 100 ms animation', async () => {
    view = await render(<Modal visible title="T">body</Modal>, 'zh-HK');
    expect(part('.td-modal').classList.contains('td-modal--light')).toBe(true);
    expect(part('.td-modal__close').getAttribute('aria-label')).toBe('關閉');
    const buttons = Array.from(part('.td-modal__footer').querySelectorAll('button')).map((b) => b.textContent);
    expect(buttons).toEqual(['關閉', '確認']);
    const style = getComputedStyle(part('.td-modal__dialog'));
    expect(style.animationDuration).toBe('1s');
    expect(style.animationDelay).toBe('0.1s');
  });

  it('takes a dark theme and custom texts', async () => {
    view = await render(<Modal visible theme="dark" closeText="No" confirmText="Yes" />);
    expect(part('.td-modal').classList.contains('td-modal--dark')).toBe(true);
    expect(part('.td-modal__footer').textContent).toBe('NoYes');
  });
});

describe('Modal scroll lock (spec §2)', () => {
  it('disables page scrolling while shown and restores the previous value on hide', async () => {
    document.body.style.overflow = 'scroll';
    view = await render(<Modal visible={false} />);
    expect(document.body.style.overflow).toBe('scroll');
    await view.rerender(<Modal visible />);
    expect(document.body.style.overflow).toBe('hidden');
    await view.rerender(<Modal visible={false} />);
    expect(document.body.style.overflow).toBe('scroll');
    expect(pageScrollLocks()).toBe(0);
  });

  it('restores once the last of several modals hides, whatever the order', async () => {
    document.body.style.overflow = 'auto';
    const two = (a: boolean, b: boolean) => (
      <>
        <Modal visible={a} title="A" />
        <Modal visible={b} title="B" />
      </>
    );
    view = await render(two(true, false));
    await view.rerender(two(true, true));
    await view.rerender(two(false, true)); // the first one closes first
    expect(document.body.style.overflow).toBe('hidden');
    await view.rerender(two(false, false));
    expect(document.body.style.overflow).toBe('auto');
  });

  it('restores with nested modals and when a shown modal unmounts', async () => {
    document.body.style.overflow = '';
    const nested = (inner: boolean) => (
      <Modal visible title="outer">
        <Modal visible={inner} title="inner" />
      </Modal>
    );
    view = await render(nested(true));
    expect(document.body.style.overflow).toBe('hidden');
    await view.rerender(nested(false));
    expect(document.body.style.overflow).toBe('hidden');
    await view.unmount();
    view = undefined;
    expect(document.body.style.overflow).toBe('');
    expect(pageScrollLocks()).toBe(0);
  });
});

describe('Modal close and confirm paths (spec §2)', () => {
  it('runs the close callback from the title icon', async () => {
    const onClose = vi.fn();
    const onConfirm = vi.fn();
    view = await render(<Modal visible onClose={onClose} onConfirm={onConfirm} />);
    await userEvent.click(part('.td-modal__close'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('runs the close callback from the cancel button', async () => {
    const onClose = vi.fn();
    view = await render(<Modal visible onClose={onClose} />);
    await userEvent.click(part('.td-modal__footer button:first-child'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('runs the close callback on a mask click, but not on a click inside the dialog', async () => {
    const onClose = vi.fn();
    view = await render(<Modal visible onClose={onClose}>content</Modal>);
    await userEvent.click(part('.td-modal__body'));
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(part('.td-modal__mask'), { position: { x: 4, y: 4 } });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('ignores the mask when maskClosable is false', async () => {
    const onClose = vi.fn();
    view = await render(<Modal visible maskClosable={false} onClose={onClose} />);
    await userEvent.click(part('.td-modal__mask'), { position: { x: 4, y: 4 } });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('does not close when a press starts inside the dialog and ends on the mask', async () => {
    const onClose = vi.fn();
    view = await render(<Modal visible onClose={onClose}>content</Modal>);
    part('.td-modal__body').dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    part('.td-modal__mask').dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('runs the confirm callback from the confirm button only', async () => {
    const onClose = vi.fn();
    const onConfirm = vi.fn();
    view = await render(<Modal visible onClose={onClose} onConfirm={onConfirm} />);
    await userEvent.click(part('.td-modal__button--primary'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on Escape, and only the innermost of nested modals', async () => {
    const outer = vi.fn();
    const inner = vi.fn();
    view = await render(
      <Modal visible onClose={outer} title="outer">
        <Modal visible onClose={inner} title="inner" />
      </Modal>,
    );
    const innerDialog = document.querySelector<HTMLElement>('[data-modal-depth="1"]');
    expect(document.activeElement).toBe(innerDialog);
    // The nested dialog is stacked above its parent.
    const box = innerDialog!.getBoundingClientRect();
    expect(innerDialog!.contains(document.elementFromPoint(box.x + box.width / 2, box.y + 10))).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });

  it('stays mounted during the leave animation, then unmounts and gives focus back', async () => {
    const opener = document.createElement('button');
    document.body.appendChild(opener);
    opener.focus();
    view = await render(<Modal visible title="x" />);
    expect(document.activeElement).toBe(dialog());
    await view.rerender(<Modal visible={false} title="x" />);
    expect(document.activeElement).toBe(opener);
    expect(part('.td-modal').classList.contains('td-modal--leaving')).toBe(true);
    await expect.poll(() => dialog(), { timeout: 3000 }).toBeNull();
    opener.remove();
  });
});
