import { call } from "../../../test/helpers";

/** Test helpers of the calendar domain (not part of the layout: only tests import this file). */

export type Week = Partial<Record<"monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday", { start: string; end: string }[]>>;

export const setSchedule = (key: string, timeZone: string, week: Week) => call("/api/v1/calendar/schedule", { key, method: "PUT", body: { time_zone: timeZone, week } });

export const setOverride = (key: string, body: Record<string, unknown>) => call("/api/v1/calendar/overrides", { key, method: "PUT", body });

export const removeOverride = (key: string, date: string) => call(`/api/v1/calendar/overrides?date=${date}`, { key, method: "DELETE" });

export const calendar = (key: string, from: string, to = from) => call(`/api/v1/calendar?from=${from}&to=${to}`, { key });

export const check = (key: string, at: string) => call(`/api/v1/calendar/check?at=${encodeURIComponent(at)}`, { key });
