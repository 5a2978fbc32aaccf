import { act as reactAct } from 'react';

// React's act() for browser tests that drive React themselves: act asks for IS_REACT_ACT_ENVIRONMENT, which no
// testing library sets here. The flag is set only while the work runs (render.tsx does the same), so updates from
// real browser events between acts (resize, scroll, a timer) are not reported as missing an act; the tests wait
// for those with expect.poll.

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

/** A synchronous step (a render, a store set, a tick): its updates are committed when this returns. */
export function act(work: () => void): void {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  try {
    void reactAct(work);
  } finally {
    globalThis.IS_REACT_ACT_ENVIRONMENT = false;
  }
}

/** A step whose work may await: its updates, and those of the promises it awaited, are committed when this resolves. */
export async function actAsync(work: () => unknown): Promise<void> {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  try {
    await reactAct(async () => {
      await work();
    });
  } finally {
    globalThis.IS_REACT_ACT_ENVIRONMENT = false;
  }
}
