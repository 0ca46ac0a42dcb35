/**
 * Whether `parts` occur in `text` in this order, each after the end of the
 * one before: what a test means by /A.*B/ or /A[\s\S]*B/, found with indexOf.
 * The regex form rescans to the end from every A when no B follows
 * (quadratic), and the repo's ReDoS check holds tests to the same rule as
 * sources. Taking the first fit of each part loses no match.
 */
export function containsInOrder(text: string, parts: readonly string[]): boolean {
  let from = 0;
  for (const part of parts) {
    const at = text.indexOf(part, from);
    if (at < 0) return false;
    from = at + part.length;
  }
  return true;
}

/** containsInOrder on one line of `text`: what /A.*B/ (no newline in between) means. */
export function lineContainsInOrder(text: string, parts: readonly string[]): boolean {
  return text.split(/\r?\n/).some((line) => containsInOrder(line, parts));
}
