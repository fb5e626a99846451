import Mustache from "mustache";
import { ApiError, type FieldError } from "../../lib/errors";

/*
 * Email templates are Mustache (mustache.js): `{{first_name}}` is replaced by the contact's value,
 * HTML-escaped in the HTML body; `{{#custom_fields.vip}}…{{/custom_fields.vip}}` shows a part only
 * when the value is set and truthy, `{{^…}}` when it is not; `{{! … }}` is a comment. Templates are
 * parsed (never matched with regular expressions), so a placeholder's position is the parser's.
 */

// mustache.js caches every parsed template in a module-level map with no bound; a Worker serves
// many companies' templates, so parse results are not kept.
Mustache.templateCache = undefined;

/** The contact fields a template may name, beside `custom_fields.<key>`. */
export const CONTACT_PLACEHOLDERS = ["name", "first_name", "last_name", "email", "phone", "company"] as const;

/** Custom field names a placeholder can reach: a dot would be read by Mustache as a nested lookup. */
const CUSTOM_FIELD_PLACEHOLDER = /^custom_fields\.[A-Za-z0-9_-]{1,64}$/;

/** The parts of a template, by the request field that holds each. */
export interface TemplateParts {
  subject: string;
  body: string;
  text_body?: string | null;
}

type Part = keyof TemplateParts;

/** A problem of one placeholder, with where it starts in its field (1-based line and column). */
interface PlaceholderError extends FieldError {
  placeholder: string;
  line: number;
  column: number;
}

/** Line and column (1-based) of a character offset. */
function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lines = before.split("\n");
  return { line: lines.length, column: lines.at(-1)!.length + 1 };
}

const isKnown = (name: string) =>
  (CONTACT_PLACEHOLDERS as readonly string[]).includes(name) || CUSTOM_FIELD_PLACEHOLDER.test(name);

const KNOWN_LIST = `${CONTACT_PLACEHOLDERS.join(", ")} or custom_fields.<key> (letters, digits, _ or -)`;

type Span = ReturnType<typeof Mustache.parse>[number];

/** Sections inside sections: a real template nests two or three; the bound keeps the check and the render shallow. */
export const SECTION_DEPTH_MAX = 20;
/** Errors an answer lists (the count says how many there were): a template with thousands of broken tags answers small. */
export const TEMPLATE_ERRORS_MAX = 50;

/** The placeholders of one field, in order, or the errors that make it unusable. */
function analysePart(part: Part, text: string): { names: string[]; errors: PlaceholderError[] } {
  const path = `body.${part}`;
  const at = (offset: number, placeholder: string, message: string): PlaceholderError => {
    const where = position(text, offset);
    // A tag's name is echoed at most 80 characters long: an answer never grows with what was sent.
    const shown = placeholder.length > 80 ? `${placeholder.slice(0, 80)}…` : placeholder;
    return {
      path,
      placeholder: shown,
      ...where,
      message: `${message.replaceAll(placeholder, shown)} (line ${where.line}, column ${where.column})`,
    };
  };
  let spans: Span[];
  try {
    spans = Mustache.parse(text);
  } catch (error) {
    // mustache.js says where: "Unclosed tag at 12", "Unclosed section \"x\" at 40", "Unopened section \"x\" at 7".
    const message = error instanceof Error ? error.message : String(error);
    const reported = Math.min(Number(/ at (\d+)$/.exec(message)?.[1] ?? 0), text.length);
    const section = /section "([^"]*)"/.exec(message)?.[1];
    // Point at the tag: an unclosed tag from its opening braces, an unclosed section from its opening tag.
    const opening =
      section === undefined
        ? text.lastIndexOf("{{", reported)
        : Math.max(text.lastIndexOf(`{{#${section}`, reported), text.lastIndexOf(`{{^${section}`, reported));
    const start = message.startsWith("Unopened") || opening < 0 ? reported : opening;
    const placeholder = section ?? text.slice(start, Math.min(text.length, start + 80));
    return {
      names: [],
      errors: [at(start, placeholder, `Broken template syntax: ${message.replace(/ at \d+$/, "")}`)],
    };
  }
  const names: string[] = [];
  const errors: PlaceholderError[] = [];
  let tooDeep = false;
  // biome-ignore lint/complexity/noExcessiveCognitiveComplexity: the template's spans walked once, one case per kind of span
  const visit = (list: readonly Span[], depth: number) => {
    for (const span of list) {
      const [type, value, start] = span;
      if (type === "text" || type === "!" || type === "=") continue;
      if (type === ">") {
        errors.push(at(start, value, `{{>${value}}} includes a partial; templates cannot include other templates`));
        continue;
      }
      if (!isKnown(value)) {
        errors.push(at(start, value, `Unknown placeholder {{${value}}}: use ${KNOWN_LIST}`));
      } else if (type === "&" && part === "body") {
        errors.push(
          at(start, value, `{{{${value}}}} would insert the contact's value without HTML escaping; write {{${value}}}`),
        );
      } else if (!names.includes(value)) {
        names.push(value);
      }
      if ((type === "#" || type === "^") && Array.isArray(span[4])) {
        if (depth >= SECTION_DEPTH_MAX) {
          // Reported once, at the first section past the bound; nothing deeper is looked at.
          if (!tooDeep) errors.push(at(start, value, `Sections are nested more than ${SECTION_DEPTH_MAX} deep`));
          tooDeep = true;
          continue;
        }
        visit(span[4] as Span[], depth + 1);
      }
    }
  };
  visit(spans, 0);
  return { names, errors };
}

/**
 * The placeholders the template uses (subject, then body, then text body, each once), or a 400
 * validation_error listing every broken tag and unknown placeholder with its field and position.
 */
export function templatePlaceholders(parts: TemplateParts): string[] {
  const names: string[] = [];
  const errors: PlaceholderError[] = [];
  for (const part of ["subject", "body", "text_body"] as const) {
    const text = parts[part];
    if (typeof text !== "string") continue;
    const found = analysePart(part, text);
    errors.push(...found.errors);
    for (const name of found.names) if (!names.includes(name)) names.push(name);
  }
  if (errors.length > 0) {
    const [first] = errors;
    const listed = errors.slice(0, TEMPLATE_ERRORS_MAX);
    throw new ApiError(
      "validation_error",
      `${first!.path}: ${first!.message}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ""}.`,
      {
        errors: listed,
        // Only when some were left out: the answer stays small however broken the template.
        ...(errors.length > listed.length ? { errors_total: errors.length } : {}),
      },
    );
  }
  return names;
}

/** A contact's values as templates see them. */
export interface MergeContact {
  name: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  custom_fields: Record<string, string | number | boolean>;
}

/** The rendered message of one contact. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string | null;
}

/** Views without a prototype, so that a name such as `constructor` finds nothing. */
function viewOf(contact: MergeContact): Record<string, unknown> {
  const view: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const field of CONTACT_PLACEHOLDERS) view[field] = contact[field];
  view.custom_fields = Object.assign(Object.create(null) as Record<string, unknown>, contact.custom_fields);
  return view;
}

const plain = (value: unknown) => String(value);

/** The template rendered for one contact: HTML-escaped values in the HTML body, plain values in the subject and text. */
export function renderTemplate(parts: TemplateParts, contact: MergeContact): RenderedEmail {
  const view = viewOf(contact);
  return {
    subject: Mustache.render(parts.subject, view, undefined, { escape: plain })
      .replace(/[\r\n]+/g, " ")
      .trim(),
    html: Mustache.render(parts.body, view),
    text:
      typeof parts.text_body === "string" ? Mustache.render(parts.text_body, view, undefined, { escape: plain }) : null,
  };
}
