let issued = 0;

/**
 * A part that makes a username or an email unique: decimal digits only. A base-36 clock spells
 * words now and then ("mod", "admin", "staff"), and registration rightly refuses a name with one
 * of the team's words in it, so a test would fail about once in a hundred runs. The clock, a
 * random part (test files run in parallel against one server) and a counter; short enough to stay
 * inside the 30 characters a username may have after a label.
 */
export const uniqueTag = (): string => {
  issued += 1;
  return `${Date.now() % 1e9}${Math.floor(Math.random() * 1e3)}${issued}`;
};
