/**
 * Characters no field of ours may hold: the C0 controls but tab, line feed and carriage return (a memo may
 * have lines), DEL, and UTF-16 halves without their other half. PostgreSQL text cannot store a NUL at all
 * (the query fails as an internal error), a lone surrogate is silently turned into U+FFFD on its way in,
 * and the others are invisible on every screen that later shows the text. They are refused at the edge.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's whole job
const FORBIDDEN_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|\p{Surrogate}/u;

const describeCharacter = (text: string): string => {
  const found = FORBIDDEN_CHARACTER.exec(text)?.[0] ?? '';
  const codePoint = found.codePointAt(0) ?? 0;
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
};

/**
 * Where the first forbidden character sits in a parsed request part (`body.name`, `query.q`) and which it
 * is, or undefined when there is none. Walks iteratively: a deeply nested JSON body must not overflow the
 * stack.
 */
export const forbiddenCharacterAt = (
  root: unknown,
  rootName: string,
): { path: string; character: string } | undefined => {
  const pending: [unknown, string][] = [[root, rootName]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (FORBIDDEN_CHARACTER.test(value)) return { path, character: describeCharacter(value) };
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push([item, `${path}.${index}`]));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (FORBIDDEN_CHARACTER.test(key)) return { path, character: describeCharacter(key) };
        pending.push([item, `${path}.${key}`]);
      }
    }
  }
  return undefined;
};
