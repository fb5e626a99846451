import type { SeedContext } from "../../core/domain";
import { connectArchive } from "./queries";

/**
 * The demo company's archive is connected (with the deployment's archive account: the documents
 * themselves live in the archive, not here); a small seed leaves it unconnected, as most accounts are.
 */
export async function seedDocumentsDomain({ db, company, now, scale }: SeedContext): Promise<Record<string, number>> {
  if (scale !== "full") return {};
  await connectArchive(db, {
    companyId: company.id,
    sealedProviderSettings: null,
    connectedAt: new Date(now - 60 * 86_400_000).toISOString(),
  });
  return { document_archives: 1 };
}
