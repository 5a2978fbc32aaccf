import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { ApiError } from '../../lib/api/index.ts';
import { render, type Rendered } from '../testing/render.tsx';
import { StepUpFields, useStepUp, type StepUp, type StepUpBody, type StepUpFactor } from './index.ts';

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

const labels = { password: 'Password', emailCode: 'E-mail code', gaCode: 'Google code' };
const input = (name: string) => document.querySelector<HTMLInputElement>(`[data-testid="input-${name}"]`);

function Form({ factors, send, onBody, expose }: { factors: readonly StepUpFactor[]; send?: () => Promise<{ uuid: string }>; onBody: (body: StepUpBody | null) => void; expose?: (s: StepUp) => void }) {
  const stepUp = useStepUp({ factors, emailUuid: send ? null : 'sent-uuid' });
  const [edits, setEdits] = useState(0);
  expose?.(stepUp);
  return (
    <form data-edits={edits} onSubmit={(e) => (e.preventDefault(), onBody(stepUp.body()))}>
      <StepUpFields
        stepUp={stepUp}
        errors={{}}
        labels={labels}
        intro="Why"
        gaMaxLength={6}
        describeFailure={String}
        afterEmailCode={<span data-testid="after-email" />}
        onEdit={() => setEdits((n) => n + 1)}
        {...(send ? { sendEmailCode: send } : {})}
      />
      <button type="submit" data-testid="submit" />
    </form>
  );
}

describe('StepUpFields (server/README.md "Step-up")', () => {
  it('shows the rule\'s factors in order, and sends them with the code\'s uuid', async () => {
    const onBody = vi.fn();
    const send = vi.fn(async () => ({ uuid: 'u-1' }));
    view = await render(<Form factors={['password', 'emailCode', 'gaCode']} send={send} onBody={onBody} />);
    const names = [...document.querySelectorAll<HTMLElement>('[data-field]')].map((f) => f.dataset['field']);
    expect(names).toEqual(['password', 'emailCode', 'gaCode']);
    expect(document.querySelector('.td-field-hint')?.textContent).toBe('Why');
    expect(input('password')!.type).toBe('password');
    expect(input('gaCode')!.maxLength).toBe(6);
    expect(document.querySelector('[data-field="emailCode"] + [data-testid="after-email"]')).not.toBeNull();
    await userEvent.fill(input('password')!, 'Passw0rd!x');
    await userEvent.click(document.querySelector<HTMLElement>('[data-testid="send-emailCode"]')!);
    await expect.poll(() => send.mock.calls.length).toBe(1);
    await userEvent.fill(input('emailCode')!, '123456');
    await userEvent.fill(input('gaCode')!, '654321');
    expect(Number(document.querySelector<HTMLElement>('form')!.dataset['edits'])).toBeGreaterThanOrEqual(4);
    await userEvent.click(document.querySelector<HTMLElement>('[data-testid="submit"]')!);
    expect(onBody).toHaveBeenLastCalledWith({ emailUuid: 'u-1', emailCode: '123456', password: 'Passw0rd!x', gaCode: '654321' });
  });

  it('takes a code the previous step sent as a plain input, and adds the Google code when the server asks for it', async () => {
    const onBody = vi.fn();
    let stepUp: StepUp | undefined;
    view = await render(<Form factors={['emailCode']} onBody={onBody} expose={(s) => (stepUp = s)} />);
    expect(document.querySelector('[data-testid="send-emailCode"]')).toBeNull();
    expect(input('gaCode')).toBeNull();
    await userEvent.fill(input('emailCode')!, '111111');
    await userEvent.click(document.querySelector<HTMLElement>('[data-testid="submit"]')!);
    expect(onBody).toHaveBeenLastCalledWith({ emailUuid: 'sent-uuid', emailCode: '111111' });
    stepUp!.learn(new ApiError({ kind: 'business', message: 'gaCode required', code: 400, data: { field: 'gaCode', rule: 'required' }, path: '/p' }));
    await expect.poll(() => input('gaCode')).not.toBeNull();
    await userEvent.fill(input('gaCode')!, '222222');
    await userEvent.click(document.querySelector<HTMLElement>('[data-testid="submit"]')!);
    expect(onBody).toHaveBeenLastCalledWith({ emailUuid: 'sent-uuid', emailCode: '111111', gaCode: '222222' });
  });
});
