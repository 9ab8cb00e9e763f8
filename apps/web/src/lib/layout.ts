import { useMediaQuery } from '@mantine/hooks';

/**
 * From about 1,024 px (64em at the default font size) the app uses the screen's width: a farm office's PC
 * shows the cow list as a table and the cow page in two columns. Below it the phone layout is unchanged.
 * styles.css uses the same width.
 */
export const DESKTOP_MEDIA_QUERY = '(min-width: 64em)';

/** Whether the window is desktop-wide; read at once (not after a first phone-sized paint). */
export function useIsDesktop(): boolean {
  return useMediaQuery(DESKTOP_MEDIA_QUERY, false, { getInitialValueInEffect: false });
}
