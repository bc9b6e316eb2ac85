import { statSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/*
 * The order files start in (docs/testing.md, "How the suite stays quick"). Vitest's own order
 * runs its projects one after the other, in the order of their names: every db file, then the
 * browser files, then the unit files. The browser files are the long ones (10-60 s each against
 * 0.1-4 s), so a run spent its first minute and a half on db files while no browser file had
 * begun, and ended on one long browser file with the other worker idle. Here the longest work
 * starts first, whatever its project: browser files, then db, then unit; within a project the
 * longest last time (Vitest's results cache, on a machine that ran the suite before) or else
 * the largest file. The short files then fill the gaps at the end.
 */

const PROJECT_ORDER = ["e2e", "db", "unit"];

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const at = PROJECT_ORDER.indexOf(spec.project.name);
      return at === -1 ? PROJECT_ORDER.length : at;
    };
    const weight = (spec: TestSpecification) => {
      const key = `${spec.project.name}:${spec.moduleId.slice(this.ctx.config.root.length + 1)}`;
      const last = this.ctx.cache.getFileTestResults(key);
      // A failed file's duration says little: it goes by size, as a file never run does.
      if (last && !last.failed) return { known: 1, value: last.duration };
      return { known: 0, value: statSync(spec.moduleId).size };
    };
    const weights = new Map(files.map((spec) => [spec, weight(spec)]));
    return [...files].sort((a, b) => {
      const byProject = rank(a) - rank(b);
      if (byProject !== 0) return byProject;
      const [wa, wb] = [weights.get(a)!, weights.get(b)!];
      // Files with a known time before files without (times and sizes do not compare).
      if (wa.known !== wb.known) return wb.known - wa.known;
      return wb.value - wa.value;
    });
  }
}
