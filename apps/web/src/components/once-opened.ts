import { useState } from 'react';

/**
 * True from the first time `opened` is true: a dialog whose code is fetched when first opened (issue 39:
 * not in the page's first load) then stays mounted, so its closing transition plays.
 */
export function useOnceOpened(opened: boolean): boolean {
  const [wasOpened, setWasOpened] = useState(opened);
  // Derived state, set during render as React documents it: no extra paint with the dialog missing.
  if (opened && !wasOpened) setWasOpened(true);
  return opened || wasOpened;
}
