import { defineDomain } from "../../core/domain";
import { analyticsEvents } from "./events";
import { analyticsOperations } from "./routes";

/** Call analytics and the dashboard's indicators, computed by aggregate queries over the calls domain's tables. */
export default defineDomain({
  name: "analytics",
  defaults: {
    tag: "Analytics",
    tagDescription:
      "Indicators of the company's calls over a period: breakdowns by direction and result, and a dashboard compared with the previous period.",
    plans: "ALL",
    capability: "analytics",
  },
  operations: analyticsOperations,
  events: analyticsEvents,
});
