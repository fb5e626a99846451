import { defineDomain } from "../../core/domain";

export { isUnsubscribed, mergeContact, requireMarketingSender, sendMarketingEmail } from "./marketing";
export { identityGone } from "./jobs";
export { UNSUBSCRIBED_TAG } from "./model";
import { campaignMailCallback } from "./callbacks";
import { campaignEvents } from "./events";
import { completeCampaign, sendCampaignEmail } from "./jobs";
import { dispatchScheduledCampaign } from "./schedule";
import { unsubscribePages } from "./unsubscribe";
import { campaignOperations } from "./routes";
import { seedCampaignDomain } from "./seed";

/** Email campaigns: an agent, a template and an audience of contact lists, dispatched in paid batches. */
export default defineDomain({
  name: "campaigns",
  defaults: {
    tag: "Campaigns",
    tagDescription:
      "Email campaigns: an agent, an email template and an audience of contact lists; each dispatch sends a paid batch through the email provider, with one attempt per recipient.",
    plans: "NONE",
    capability: "campaigns",
  },
  operations: campaignOperations,
  events: campaignEvents,
  jobs: [sendCampaignEmail, completeCampaign],
  dueWork: [dispatchScheduledCampaign],
  // Postmark's delivery webhooks about campaign mail (email's webhook URL, told apart by Metadata).
  callbacks: [campaignMailCallback],
  // The unsubscribe link of every marketing email (campaigns and sequences): /u/<token>.
  publicPages: unsubscribePages,
  seed: ({ db, company, random, now, scale }) => seedCampaignDomain(db, company.id, random, now, scale),
});
