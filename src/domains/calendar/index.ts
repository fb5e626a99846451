import { defineDomain } from "../../core/domain";
import { calendarEvents } from "./events";
import { calendarOperations } from "./routes";
import { seedCalendarDomain } from "./seed";

export { bookings, bookingStatuses } from "./schema";
export { bookingCounts, findBooking } from "./queries";
export { bookInCall, cancelInCall, type BookingDecision, type CallBooking } from "./actions";
export { Booking } from "./model";

/** The working calendar the voice agents book into: weekly hours in the company's zone, exceptions per date, and the bookings. */
export default defineDomain({
  name: "calendar",
  defaults: {
    tag: "Calendar",
    tagDescription:
      "The company's working calendar (weekly hours in its time zone, exceptions per date, open or closed at an instant) and the appointments its voice agents booked.",
    plans: "ALL",
    capability: "calendar",
  },
  operations: calendarOperations,
  events: calendarEvents,
  seed: seedCalendarDomain,
});
