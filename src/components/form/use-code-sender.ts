import { useEffect, useState } from 'react';
import { createCodeSender, type CodeSender, type SenderState } from './code-sender.ts';

/** React binding of the code sender: one per code field, disposed with the component. */
export function useCodeSender(): [SenderState, CodeSender] {
  const [state, setState] = useState<SenderState>({ uuid: null, countdown: 0, sending: false });
  const [sender] = useState(() => createCodeSender(setState));
  useEffect(() => () => sender.dispose(), [sender]);
  return [state, sender];
}
