/**
 * One resource shared by every screen that holds it: `start` runs when the first holder comes and
 * its returned stop when the last one lets go. Each holder gets its own release, which counts once
 * however many times it is called.
 */
export const sharedWhileHeld = (start: () => () => void): (() => () => void) => {
  let holders = 0;
  let stop: (() => void) | null = null;
  return () => {
    holders += 1;
    if (holders === 1) stop = start();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      holders -= 1;
      if (holders === 0) {
        const stopping = stop;
        stop = null;
        stopping?.();
      }
    };
  };
};
