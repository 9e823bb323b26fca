/** One lazily loaded ts-morph project (in memory) shared by the code emitters; ts-morph loads TypeScript, so only pay for it when used. */
import type { Project } from 'ts-morph';

let project: Promise<Project> | null = null;

export function tsProject(): Promise<Project> {
  project ??= import('ts-morph').then(
    ({ IndentationText, NewLineKind, Project, QuoteKind }) =>
      new Project({
        useInMemoryFileSystem: true,
        skipAddingFilesFromTsConfig: true,
        manipulationSettings: {
          indentationText: IndentationText.TwoSpaces,
          newLineKind: NewLineKind.LineFeed,
          quoteKind: QuoteKind.Single,
          useTrailingCommas: true,
        },
      }),
  );
  return project;
}
