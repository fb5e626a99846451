import { existsSync } from "node:fs";
import { join } from "node:path";
import { BaseSequencer, type TestSequencerConstructor, type TestSpecification } from "vitest/node";

/**
 * A vitest sequencer that starts the slow files first, so that the short files fill the other
 * workers around them: within a group (sequence.groupOrder), the projects whose files each run in a
 * runtime of their own (isolate) before the shared ones, and in each project the named files (paths
 * from the root, longest first) before the others. vitest orders a group's projects by name and a
 * project's files by the last run's durations when it has them; a fresh clone (CI) has none, and it
 * orders by size, which left a minute-long file, or the one file of an own-runtime project, to the
 * end of the run, alone on one worker.
 */
export function longestFirst(files: string[]): TestSequencerConstructor {
  // A file renamed or removed would silently lose its place: the list must name files that exist.
  const missing = files.filter((file) => !existsSync(join(import.meta.dirname, "..", file)));
  if (missing.length > 0) throw new Error(`longestFirst names files that do not exist: ${missing.join(", ")}`);
  const rank = (file: TestSpecification) => {
    const index = files.findIndex((name) => file.moduleId.endsWith(`/${name}`));
    return index === -1 ? files.length : index;
  };
  const projectRank = ({ project }: TestSpecification) => [
    project.config.sequence.groupOrder,
    project.config.isolate ? 0 : 1,
  ];
  return class LongestFirst extends BaseSequencer {
    override async sort(specifications: TestSpecification[]): Promise<TestSpecification[]> {
      const byProject = new Map<string, TestSpecification[]>();
      for (const specification of await super.sort(specifications)) {
        const name = specification.project.name;
        byProject.set(name, [...(byProject.get(name) ?? []), specification]);
      }
      const projects = [...byProject.values()].sort((a, b) => {
        const [groupA = 0, isolatedA = 0] = projectRank(a[0]!);
        const [groupB = 0, isolatedB = 0] = projectRank(b[0]!);
        return groupA - groupB || isolatedA - isolatedB;
      });
      return projects.flatMap((project) => project.sort((a, b) => rank(a) - rank(b)));
    }
  };
}
