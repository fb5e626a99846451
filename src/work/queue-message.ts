/**
 * The body of a Queue message about one row (a job, a webhook delivery): "<company id>/<row id>",
 * so a consumer knows the company it acts for, and so its database (databaseFor), before it reads
 * anything. A bare row id is a message sent before messages named their company: it names no
 * company and is looked up in the one database there was then.
 */
export interface CompanyRow {
  id: string;
  companyId: string;
}

export const companyMessage = (row: CompanyRow) => `${row.companyId}/${row.id}`;

export function readCompanyMessage(body: string): { id: string; companyId?: string } {
  const slash = body.lastIndexOf("/");
  return slash < 0 ? { id: body } : { id: body.slice(slash + 1), companyId: body.slice(0, slash) };
}
