import { diallingCode } from "../../lib/phone";

/**
 * The destinations the platform can call (global data, the same for every company): its carriers'
 * coverage, by ISO 3166-1 alpha-2 code with the English short name. The dialling code comes from
 * phone metadata (src/lib/phone.ts), the same source that validates numbers everywhere in the API.
 */
const COVERAGE: readonly [string, string][] = [
  ["AD", "Andorra"],
  ["AR", "Argentina"],
  ["AT", "Austria"],
  ["AU", "Australia"],
  ["BE", "Belgium"],
  ["BO", "Bolivia"],
  ["BR", "Brazil"],
  ["CA", "Canada"],
  ["CH", "Switzerland"],
  ["CL", "Chile"],
  ["CO", "Colombia"],
  ["CR", "Costa Rica"],
  ["CZ", "Czechia"],
  ["DE", "Germany"],
  ["DK", "Denmark"],
  ["DO", "Dominican Republic"],
  ["EC", "Ecuador"],
  ["ES", "Spain"],
  ["FI", "Finland"],
  ["FR", "France"],
  ["GB", "United Kingdom"],
  ["GR", "Greece"],
  ["GT", "Guatemala"],
  ["HU", "Hungary"],
  ["IE", "Ireland"],
  ["IT", "Italy"],
  ["LU", "Luxembourg"],
  ["MA", "Morocco"],
  ["MX", "Mexico"],
  ["NL", "Netherlands"],
  ["NO", "Norway"],
  ["PA", "Panama"],
  ["PE", "Peru"],
  ["PL", "Poland"],
  ["PR", "Puerto Rico"],
  ["PT", "Portugal"],
  ["PY", "Paraguay"],
  ["RO", "Romania"],
  ["SE", "Sweden"],
  ["SV", "El Salvador"],
  ["US", "United States"],
  ["UY", "Uruguay"],
  ["VE", "Venezuela"],
];

export interface Destination {
  country: string;
  name: string;
  dialling_code: string;
}

/** A covered region with its dialling code; none when the phone metadata does not know the region. */
function withDiallingCode([country, name]: readonly [string, string]): Destination[] {
  const dialling_code = diallingCode(country);
  return dialling_code ? [{ country, name, dialling_code }] : [];
}

/**
 * Every callable destination, by name. Compared by code unit, not `localeCompare(…, "en")`: at
 * module level that built an ICU collator at every isolate's start (5 to 130 ms of the Worker's
 * start-up CPU, measured); for these plain ASCII names both give the same order (destinations.test.ts).
 */
export const destinations: readonly Destination[] = COVERAGE.flatMap(withDiallingCode).sort((a, b) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
);
