import { createContext } from 'react';

/**
 * Nesting depth of a modal (0 for a top-level one). A nested modal's effects run before its parent's
 * and its portal may be inserted first, so depth decides stacking and which dialog keeps focus.
 */
export const ModalDepthContext = createContext(0);
