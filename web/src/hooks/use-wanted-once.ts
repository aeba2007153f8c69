import { useState } from 'react';

/**
 * True from the first render in which `wanted` is, and from then on: a part loaded on demand (a dialog
 * in a chunk of its own) is mounted when first asked for and kept, so that its closing animation plays
 * and a second opening does not wait.
 */
export function useWantedOnce(wanted: boolean): boolean {
  const [was, setWas] = useState(wanted);
  if (wanted && !was) setWas(true);
  return was || wanted;
}
