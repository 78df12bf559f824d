/**
 * A search for text inside a name joined from two others, "{left}{joiner}{right}" (the admin
 * names an offer "Alpha Labs price for BPC-157"), turned into conditions on each side
 * alone, so that each side's own index can answer them instead of building every joined name.
 *
 * The joined name contains the search when the left or the right name contains it (the
 * caller's own conditions), or when the search lies within the joiner, or when it crosses the
 * joiner: it is then some end of the left name, then part of the joiner, then some start of
 * the right name. Each way the joiner can sit in the search is one of those crossings.
 */
export interface JoinedTextMatch {
  /** The search lies within the joiner: every joined name contains it. */
  everyJoined: boolean;
  /** A left name ending with one of these contains the search with any right name. */
  leftEndings: string[];
  /** A right name starting with one of these contains the search with any left name. */
  rightStarts: string[];
  /** A left name ending with `leftEnding` and a right name starting with `rightStart`. */
  pairs: { leftEnding: string; rightStart: string }[];
}

/**
 * Whether a character of the search can equal one of the joiner, in any case. Characters
 * outside ASCII are let through: the database folds case by its own rules, and the caller
 * keeps the whole condition as the final word, so a crossing too many costs a row read.
 */
function mayEqual(typed: string, joinerChar: string): boolean {
  if (typed.toLowerCase() === joinerChar.toLowerCase()) return true;
  const code = typed.charCodeAt(0);
  return code > 0x7f && (code < 0xd800 || code > 0xdfff);
}

/** How `search` (case-insensitively) can occur in "{left}{joiner}{right}" across the joiner. */
export function matchAcrossJoiner(search: string, joiner: string): JoinedTextMatch {
  const match: JoinedTextMatch = {
    everyJoined: false,
    leftEndings: [],
    rightStarts: [],
    pairs: [],
  };
  const n = search.length;
  if (n === 0) return { ...match, everyJoined: true };
  // The joiner starts at `at` in the search's positions: before it (the search begins inside
  // the joiner) up to the last position where the two still overlap. Each `at` cuts the search
  // differently, but for those where the search lies within the joiner.
  for (let at = 1 - joiner.length; at < n; at += 1) {
    const from = Math.max(at, 0);
    const to = Math.min(at + joiner.length, n);
    let fits = true;
    for (let i = from; i < to && fits; i += 1) fits = mayEqual(search[i]!, joiner[i - at]!);
    if (!fits) continue;
    const leftEnding = search.slice(0, from);
    const rightStart = search.slice(to);
    if (!leftEnding && !rightStart) match.everyJoined = true;
    else if (!rightStart) match.leftEndings.push(leftEnding);
    else if (!leftEnding) match.rightStarts.push(rightStart);
    else match.pairs.push({ leftEnding, rightStart });
  }
  return match;
}
