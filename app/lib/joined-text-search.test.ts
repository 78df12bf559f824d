import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { matchAcrossJoiner, type JoinedTextMatch } from "./joined-text-search";

const JOINER = " price for ";

/** What the conditions on each side say of one joined name (the caller's own included). */
function predicted(match: JoinedTextMatch, left: string, right: string, search: string) {
  const [l, r, s] = [left.toLowerCase(), right.toLowerCase(), search.toLowerCase()];
  return (
    l.includes(s) ||
    r.includes(s) ||
    match.everyJoined ||
    match.leftEndings.some((ending) => l.endsWith(ending.toLowerCase())) ||
    match.rightStarts.some((start) => r.startsWith(start.toLowerCase())) ||
    match.pairs.some(
      (pair) =>
        l.endsWith(pair.leftEnding.toLowerCase()) && r.startsWith(pair.rightStart.toLowerCase()),
    )
  );
}

/** Texts made of the joiner's own characters and a few others, so that crossings are common. */
const text = (maxLength: number) =>
  fc
    .array(fc.constantFrom(..."pricefoPRICEFOR 3-aB"), { maxLength })
    .map((chars) => chars.join(""));

describe("matchAcrossJoiner", () => {
  it("splits the audit log's name of a price at its joiner", () => {
    expect(matchAcrossJoiner("Alpha Labs price for BPC-157", JOINER)).toEqual({
      everyJoined: false,
      leftEndings: [],
      rightStarts: [],
      pairs: [{ leftEnding: "Alpha Labs", rightStart: "BPC-157" }],
    });
  });

  it("finds a search that ends in the joiner, starts in it or lies within it", () => {
    expect(matchAcrossJoiner("Labs PRICE", JOINER)).toMatchObject({
      leftEndings: ["Labs"],
      rightStarts: [],
      pairs: [],
    });
    expect(matchAcrossJoiner("for BPC", JOINER)).toMatchObject({
      leftEndings: [],
      rightStarts: ["BPC"],
      pairs: [],
    });
    expect(matchAcrossJoiner("rice f", JOINER).everyJoined).toBe(true);
    expect(matchAcrossJoiner("BPC-157", JOINER)).toEqual({
      everyJoined: false,
      leftEndings: [],
      rightStarts: [],
      pairs: [],
    });
  });

  it("agrees with searching the joined name itself, in any case", () => {
    const agrees = (left: string, right: string, search: string) => {
      const joined = `${left}${JOINER}${right}`.toLowerCase().includes(search.toLowerCase());
      expect(predicted(matchAcrossJoiner(search, JOINER), left, right, search)).toBe(joined);
    };
    fc.assert(fc.property(text(14), text(14), text(16), agrees), { numRuns: 5_000 });
    // Searches cut from a joined name (another's, half the time), their case flipped.
    fc.assert(
      fc.property(
        text(14),
        text(14),
        fc.nat(),
        fc.nat(),
        fc.boolean(),
        fc.boolean(),
        (left, right, start, length, upper, sameName) => {
          const joined = `${left}${JOINER}${right}`;
          const from = start % joined.length;
          const cut = joined.slice(from, from + 1 + (length % (joined.length - from)));
          const search = upper ? cut.toUpperCase() : cut;
          agrees(left, right, search);
          if (!sameName) agrees(right, left, search);
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it("lets characters outside ASCII cross the joiner: the database folds their case", () => {
    expect(matchAcrossJoiner("Labs prİce", JOINER).leftEndings).toEqual(["Labs"]);
  });
});
