import type { OffsetPage } from "../../lib/pagination";
import { templates } from "./catalogue";
import { toTemplate } from "./model";
import { renderAgentYaml } from "./yaml";

/** The templates as the API shows them, rendered once per isolate (they are part of the release). */
let rendered: ReturnType<typeof toTemplate>[] | undefined;

const allTemplates = () =>
  (rendered ??= templates.map((template) =>
    toTemplate(
      template,
      renderAgentYaml(
        template.content,
        0,
        `Template ${template.id}: ${template.name}. Set base_version to the version you edit from.`,
      ),
    ),
  ));

/**
 * One page of the platform's templates, in catalogue order. They are global data of the release,
 * not rows of a company, so they are paged in memory with the offset envelope of every list.
 */
export function templatePage(page: OffsetPage) {
  return { data: allTemplates().slice(page.offset, page.offset + page.limit), limit: page.limit, offset: page.offset };
}
