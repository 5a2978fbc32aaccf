import type { ComponentProps } from 'react';
import { Modal } from '../../../components/index.ts';
import { useTheme } from '../../../lib/theme/index.ts';

/**
 * A dialog of the trading screens: spec §2's modal in the page's theme (its default is light), so a dialog on the
 * dark trading page is the theme's raised surface, not a white box.
 */
export function PageModal(props: Omit<ComponentProps<typeof Modal>, 'theme'>) {
  const theme = useTheme();
  return <Modal {...props} theme={theme} />;
}
