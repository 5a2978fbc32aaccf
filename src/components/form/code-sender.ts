// Verification-code senders (spec §5, §9): a second call within 1 second is refused, and after a send
// the button counts down before it can send again. The spec exports a constant 60 without naming its
// purpose; the resend countdown is where such a constant usually lives, so it is used here.

/** spec §5, §9: repeat-send guard. */
export const REPEAT_SEND_GUARD_MS = 1000;
/** Seconds before a code can be requested again (see the note above). */
export const RESEND_COUNTDOWN_S = 60;

export interface SenderState {
  /** The uuid of the last code sent; spec §5 "the verification code must be fetched first". */
  uuid: string | null;
  /** Seconds left before another send; 0 when a send is allowed. */
  countdown: number;
  sending: boolean;
}

/** `guarded`: refused by the 1 s repeat guard; `busy`: a send is running or the countdown has not ended. A failed request rejects. */
export type SendOutcome = 'sent' | 'guarded' | 'busy';

export interface CodeSenderDeps {
  now: () => number;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

const realTimers: CodeSenderDeps = {
  now: () => Date.now(),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

/** A framework-free sender: React binds it with useCodeSender; the rules are tested here. */
export function createCodeSender(onChange: (state: SenderState) => void, deps: CodeSenderDeps = realTimers) {
  let state: SenderState = { uuid: null, countdown: 0, sending: false };
  let lastAttemptAt = -Infinity;
  let timer: unknown = null;

  const set = (next: Partial<SenderState>) => {
    state = { ...state, ...next };
    onChange(state);
  };

  const stopTimer = () => {
    if (timer !== null) deps.clearInterval(timer);
    timer = null;
  };

  const startCountdown = () => {
    stopTimer();
    const endsAt = deps.now() + RESEND_COUNTDOWN_S * 1000;
    set({ countdown: RESEND_COUNTDOWN_S });
    timer = deps.setInterval(() => {
      const left = Math.max(0, Math.ceil((endsAt - deps.now()) / 1000));
      if (left === 0) stopTimer();
      if (left !== state.countdown) set({ countdown: left });
    }, 250);
  };

  return {
    get state() {
      return state;
    },
    async send(request: () => Promise<{ uuid: string }>): Promise<SendOutcome> {
      if (state.sending || state.countdown > 0) return 'busy';
      const now = deps.now();
      if (now - lastAttemptAt < REPEAT_SEND_GUARD_MS) return 'guarded';
      lastAttemptAt = now;
      set({ sending: true });
      try {
        const { uuid } = await request();
        set({ uuid, sending: false });
        startCountdown();
        return 'sent';
      } catch (error) {
        set({ sending: false });
        throw error;
      }
    },
    /** Forget the code (the destination changed, or it was used). */
    reset() {
      stopTimer();
      set({ uuid: null, countdown: 0, sending: false });
    },
    dispose: stopTimer,
  };
}

export type CodeSender = ReturnType<typeof createCodeSender>;
