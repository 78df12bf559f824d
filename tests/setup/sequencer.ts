import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that take longest, each most of a minute: started first, so the run does not end
 * with one of them alone on a worker while the others sit idle. Vitest orders files by their
 * last duration, which a fresh clone (CI, a newcomer) does not have yet: it fell back to file
 * size, and on this 2-core machine the fuzzing and hostile-header files started 155 and 246 s
 * into a 443 s run and the CLI file, which mostly waits on its child processes, last.
 *
 * The long integration files come before the long HTTP ones: the production build that HTTP
 * files serve is still being made beside the first files of a fresh clone (build-once.ts), and
 * an integration file keeps a worker busy meanwhile instead of waiting for it.
 */
const LONGEST_FIRST = [
  "tests/integration/shop-feed-turns.test.ts",
  "tests/integration/scraper.test.ts",
  "tests/integration/admin-grant.test.ts",
  "tests/integration/shop-fair-cap.test.ts",
  "tests/integration/cross-screen.test.ts",
  "tests/http/hostile-shops.test.ts",
  "tests/http/fuzz.test.ts",
  "tests/http/operations.test.ts",
  "tests/http/hostile-headers.test.ts",
  "tests/http/run-recovery.test.ts",
  "tests/http/security.test.ts",
  "tests/http/shop-run-recovery.test.ts",
];

function rank(file: TestSpecification): number {
  const index = LONGEST_FIRST.findIndex((suffix) => file.moduleId.endsWith(suffix));
  return index === -1 ? LONGEST_FIRST.length : index;
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the rest keep Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
