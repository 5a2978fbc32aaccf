import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { ApiError } from '../../../lib/api/index.ts';
import enAccount from '../../../../locales/en-US/account.json';
import zhAccount from '../../../../locales/zh-HK/account.json';
import { describeError } from '../errors.ts';
import { accountScreenTests, q } from '../testing/screen-tests.ts';
import { useSubmit, CodeField, type CodeFieldProps } from '../../../components/form/index.ts';

const harness = accountScreenTests();

function Harness(props: Pick<CodeFieldProps, 'request' | 'precheck' | 'onUuid'>) {
  const { t } = useTranslation('account');
  const [value, setValue] = useState('');
  return <CodeField name="emailCode" label="Code" value={value} onValue={setValue} describeFailure={(failure) => describeError(t, failure).message} {...props} />;
}

describe('CodeField (spec §5 code senders)', () => {
  it('sends once however fast it is clicked, hands over the uuid and counts down', async () => {
    let resolve: (v: { uuid: string }) => void = () => {};
    const request = vi.fn(() => new Promise<{ uuid: string }>((r) => (resolve = r)));
    const onUuid = vi.fn();
    await harness.render(<Harness request={request} onUuid={onUuid} />);
    const button = q('send-emailCode') as HTMLButtonElement;
    await userEvent.click(button);
    await userEvent.click(button, { force: true });
    resolve({ uuid: 'uuid-1' });
    await expect.poll(() => onUuid.mock.calls).toEqual([['uuid-1']]);
    expect(request).toHaveBeenCalledTimes(1);
    await expect.poll(() => button.textContent).toMatch(/^Send again in (60|59) s$/);
    expect(button.disabled).toBe(true);
  });

  it('shows a failed send beside the field, and refuses a second try within 1 s', async () => {
    const request = vi.fn(async () => {
      throw new ApiError({ kind: 'business', message: 'Mailbox busy', msg: 'Mailbox busy', code: 12345, path: '/x' });
    });
    await harness.render(<Harness request={request} onUuid={() => {}} />, 'zh-HK');
    const button = q('send-emailCode') as HTMLButtonElement;
    await userEvent.click(button);
    await expect.poll(() => q('error-emailCode')?.textContent).toBe('Mailbox busy');
    await userEvent.click(button);
    await expect.poll(() => q('error-emailCode')?.textContent).toBe(zhAccount.errors.clickOnce);
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('stops before any call when the precheck finds a problem', async () => {
    const request = vi.fn(async () => ({ uuid: 'never' }));
    await harness.render(<Harness request={request} precheck={() => ({ key: 'account:errors.phoneRequired' })} onUuid={() => {}} />);
    await userEvent.click(q('send-emailCode') as HTMLElement);
    await expect.poll(() => q('error-emailCode')?.textContent).toBe(enAccount.errors.phoneRequired);
    expect(request).not.toHaveBeenCalled();
  });
});

function SubmitHarness({ task, onOutcome }: { task: () => Promise<void>; onOutcome: (o: string) => void }) {
  const { submitting, run } = useSubmit();
  return (
    <button type="button" data-testid="go" disabled={submitting} onClick={() => void run(task).then(onOutcome)}>
      {submitting ? 'busy' : 'go'}
    </button>
  );
}

describe('useSubmit (one submission at a time)', () => {
  it('disables while running and reports a second activation as busy', async () => {
    let finish: () => void = () => {};
    const task = vi.fn(() => new Promise<void>((r) => (finish = r)));
    const outcomes: string[] = [];
    await harness.render(<SubmitHarness task={task} onOutcome={(o) => outcomes.push(o)} />);
    const button = q('go') as HTMLButtonElement;
    button.click();
    button.click(); // same tick: React has not re-rendered the disabled state yet
    await expect.poll(() => button.disabled).toBe(true);
    finish();
    await expect.poll(() => outcomes).toEqual(['busy', 'done']);
    expect(task).toHaveBeenCalledTimes(1);
    await expect.poll(() => button.disabled).toBe(false);
  });
});
