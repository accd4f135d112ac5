import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The order the two workers take the files in: the projects whose files take longest first, the unit
 * tests (milliseconds each) last, so that at the end of a run neither worker waits long alone for the
 * other. Vitest's own order runs the projects by name, which left the scale test (a minute) to the end,
 * beside nothing but the unit tests' half minute. Within a project Vitest's order stands: the slowest
 * files of the last run first, or on a fresh clone the largest. A project keeps its files together, so a
 * worker runs one project's files one after another and keeps their modules loaded (isolate: false).
 */
const PROJECT_ORDER = ["scale", "e2e", "integration-postgres", "integration", "unit"];

const rank = (file: TestSpecification) => {
  const index = PROJECT_ORDER.indexOf(file.project.name);
  return index === -1 ? PROJECT_ORDER.length : index;
};

export default class ProjectsInOrderSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array sort is stable: each project's files keep the order Vitest gave them.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
