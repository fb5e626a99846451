import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_CAPABILITIES } from "../../src/admin/demo";
import { DEMO_WHATSAPP_ACCESS_TOKEN } from "../../src/domains/conversations/demo";
import { DEMO_JMAP_ACCOUNT, SAMPLE_PDF_BASE64 } from "../fakes/jmap";

/**
 * The front door a company is made through: the admin CLI's commands (the operator API underneath)
 * and the public API with the company's own key. No row is inserted any other way, so whatever the
 * demo has, an operator's customer can get (docs/decisions.md, "the demo is a tenant").
 */
/** A JSON answer, read by the fields the onboarding needs. */
export type Answer = Record<string, unknown>;

export interface FrontDoor {
  /** One admin CLI command (`run()` of scripts/admin.ts); its JSON result. `env`: secrets the command reads. */
  admin(args: string[], env?: Record<string, string>): Promise<Answer>;
  /** One public API call with a key; its JSON body (throws unless 2xx). */
  api(key: string, method: string, path: string, body?: unknown): Promise<Answer>;
  /**
   * A spending call (gate S): undefined, and nothing done, when the deployment's spending switch
   * (PUBLIC_API_SPEND_ENABLED) is off, as it is by default for npm run dev, since a customer of that
   * deployment could not make it either.
   */
  spend(key: string, method: string, path: string, body?: unknown): Promise<Answer | undefined>;
}

interface OnboardedCompany {
  company_id: string;
  key_id: string;
  api_key: string;
}

interface OnboardOptions {
  name: string;
  /** The company's sending domain (an email identity at it is made). */
  domain: string;
  /** "full" onboards everything the demo shows; "small" the second company's few rows. */
  scale: "full" | "small";
  /** Where history of past days ends (voice reports are dated back from it). */
  now: number;
  /**
   * The local fake providers the server talks to (npm run dev's): a WhatsApp number is connected and a
   * customer writes to it, the Paperless archive is connected, and the webhook subscription points at
   * the local receiver, only with them.
   */
  fakes?: {
    whatsapp?: string;
    paperless?: string;
    paperlessToken?: string;
    receiver?: string;
    /** The JMAP mail server: the company's own mail account there becomes a synced mailbox. */
    jmap?: string;
    /** The email provider: a mail forwarded to the company's forwarding mailbox arrives through its inbound webhook. */
    postmark?: string;
  };
}

/**
 * One control of a local fake provider (scripts/fakes/server.ts): the outside world acting (a
 * customer writing on WhatsApp, a mail forwarded to a mailbox), never a row of ours.
 */
async function tellFake(origin: string, action: string, body: unknown): Promise<Answer> {
  const response = await fetch(`${origin}/__fake/${action}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${origin}/__fake/${action}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Answer;
}

/**
 * Where a demo's webhooks go when npm run dev runs a local receiver: a path of the company's own, so
 * that npm run dev can tell its demo's subscription from one a developer pointed elsewhere.
 */
export const demoReceiverUrl = (receiver: string, companyId: string) => `${receiver}/hooks/${companyId}`;

const id = (value: unknown, ...names: string[]): string => {
  for (const name of names) {
    const found = name
      .split(".")
      .reduce<unknown>((at, part) => (at && typeof at === "object" ? (at as Answer)[part] : undefined), value);
    if (typeof found === "string") return found;
  }
  throw new Error(`no ${names.join(" or ")} in ${JSON.stringify(value)}`);
};

const customers = [
  ["Lucía", "Fernández", "+34612000101"],
  ["Marc", "Puig", "+34612000102"],
  ["Ana", "Ruiz", "+34612000103"],
  ["Jorge", "Martín", "+34612000104"],
  ["Carmen", "López", "+34612000105"],
  ["Pablo", "Sanz", "+34612000106"],
  ["Elena", "Gómez", "+34612000107"],
  ["David", "Navarro", "+34612000108"],
] as const;

const reports = [
  {
    summary: "Caller asked for a quote to renovate a kitchen of about 12 m²; prefers a visit next week.",
    verdict: "qualified",
    labels: ["interested"],
  },
  {
    summary: "Follow-up on the bathroom quote sent last week; the customer will decide after the weekend.",
    verdict: "follow_up",
    labels: ["callback"],
  },
  {
    summary: "Customer confirmed the appointment for Thursday at 10:00.",
    verdict: "qualified",
    labels: ["appointment"],
  },
  { summary: "Not interested at the moment; already hired another company.", verdict: "not_qualified", labels: [] },
] as const;

/**
 * Makes a company through the front door and fills it as its people would: the operator's
 * onboarding (plan, capabilities, payment method, agent, number, identities, mailbox, team, telephony,
 * knowledge base, labels, a number order), then the customer's own key (top-up, contacts, lists,
 * templates, campaign, sequence, budgets for new clients (one invoiced by the operator), SMS, email, a call, webhooks, a trunk, its
 * calendar, a subaccount), and the voice service's reports of calls it handled (with message slips,
 * qualifications and a booking). Returns the company and its key.
 */
export async function onboardCompany(door: FrontDoor, options: OnboardOptions): Promise<OnboardedCompany> {
  const full = options.scale === "full";
  const { admin, api, spend } = door;
  const company = await admin([
    "tenant",
    "create",
    "--name",
    options.name,
    "--plan",
    full ? "Business" : "Starter",
    "--spend-enabled",
    "--capabilities",
    (full ? DEMO_CAPABILITIES : ["sms", "email"]).join(","),
    "--currency",
    full ? "EUR" : "GBP",
    "--country",
    full ? "ES" : "GB",
  ]);
  const companyId = id(company, "company_id");
  const c = ["--company", companyId];
  const keyMade = await admin(["key", "create", ...c, "--scopes", "all", "--name", full ? "Demo key" : "Other key"]);
  const key = id(keyMade, "api_key");
  const keyId = id(keyMade, "key_id", "id");
  await admin([
    "billing",
    "payment-method",
    ...c,
    "--payment-method",
    "pm_card_visa",
    "--customer",
    `cus_${companyId.slice(0, 8)}`,
    "--brand",
    "visa",
    "--last4",
    "4242",
  ]);
  // Metered sends (SMS, a call) charge the wallet: only a deployment that lets the customer top up has them.
  const toppedUp = (await spend(key, "POST", "/billing/topups", { amount: full ? 200 : 20 })) !== undefined;

  const agentId = id(await admin(["agent", "create", ...c, "--name", "Recepción"]), "agent_id", "id", "agent.id");
  const number = await admin(["number", "add", ...c, "--agent", agentId]);
  const numberE164 = id(number, "number");

  const contactIds: string[] = [];
  for (const [first, last, phone] of full ? customers : customers.slice(0, 2)) {
    const made = await api(key, "POST", "/contacts", {
      first_name: first,
      last_name: last,
      phone,
      email: `${first.toLowerCase()}.${last.toLowerCase()}@example.com`
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, ""),
      tags: ["lead"],
    });
    contactIds.push(id(made, "id"));
  }
  const budget = await api(key, "POST", "/budgets", {
    client_name: "Acme Reformas SL",
    client_email: "compras@acme.example",
    items: [{ concept: "Kitchen renovation", units: 1, unit_price: 4200, iva_rate: full ? 21 : 20 }],
    notes: "Valid for 30 days.",
  });
  // The client accepted it: the panel invoices it (the public API never issues a fiscal document).
  await admin(["invoice", "issue", ...c, "--budget", id(budget, "id")]);
  if (toppedUp) await api(key, "POST", "/sms/send", { to: customers[0][2], text: "Su cita es el martes a las 10:00." });
  if (!full) return { company_id: companyId, key_id: keyId, api_key: key };

  // The operator's onboarding of everything the demo shows.
  const identity = await admin([
    "email",
    "identity",
    "add",
    ...c,
    "--email",
    `hola@${options.domain}`,
    "--name",
    options.name,
  ]);
  const identityId = id(identity, "identity_id");
  // The fake provider confirms the records within seconds; a pending identity is also checked again
  // by due work, so the onboarding goes on after a few tries rather than wait for it.
  for (let attempt = 0, status = identity.status; status !== "verified" && attempt < 10; attempt++) {
    await new Promise((wait) => setTimeout(wait, 500));
    status = (await admin(["email", "identity", "verify", "--identity", identityId])).status;
  }
  const mailbox = await admin(["mailbox", "add", ...c, "--kind", "forwarding", "--name", "Soporte"]);
  id(mailbox, "mailbox_id");
  if (options.fakes?.postmark)
    // A customer's mail forwarded to the mailbox's address arrives through the provider's inbound webhook.
    await tellFake(options.fakes.postmark, "inbound", {
      to: id(mailbox, "inbound_address", "address"),
      from: "lucia.fernandez@example.com",
      from_name: "Lucía Fernández",
      subject: "Plano de la cocina",
      text: "Buenos días, les envío el plano de la cocina para el presupuesto.",
      attachments: [{ name: "plano-cocina.pdf", content_type: "application/pdf", content_base64: SAMPLE_PDF_BASE64 }],
    });
  if (options.fakes?.jmap)
    // The company's own mail account on its JMAP server (the fake's demo account, with a supplier's
    // mail in it): the mailbox's first sync (due work, at the next tick) stores its folders, the
    // mail and its attachment.
    await admin(
      [
        "mailbox",
        "add",
        ...c,
        "--kind",
        "jmap",
        "--name",
        "Facturas",
        "--address",
        DEMO_JMAP_ACCOUNT.username,
        "--server",
        options.fakes.jmap,
        "--username",
        DEMO_JMAP_ACCOUNT.username,
      ],
      { JMAP_MAILBOX_TOKEN: DEMO_JMAP_ACCOUNT.token },
    );
  await admin(["workspace", "setup", ...c]);
  for (const [label, name, color] of [
    ["interested", "Interested", "#2e7d32"],
    ["callback", "Call back", "#f9a825"],
    ["appointment", "Appointment booked", "#1565c0"],
  ] as const)
    await admin(["call-label", "add", ...c, "--label", label, "--name", name, "--color", color]);
  await admin(["calls", "settings", ...c, "--time-zone", "region", "--retention-days", "365"]);
  await admin(["seats", "set", ...c, "--count", "5"]);
  const role = await admin([
    "team",
    "role",
    "create",
    ...c,
    "--name",
    "Oficina",
    "--permissions",
    "contacts:read,calls:read",
    "--description",
    "Reads contacts and calls.",
  ]);
  const invite = await admin([
    "team",
    "invite",
    "create",
    ...c,
    "--email",
    `marta@${options.domain}`,
    "--role",
    id(role, "id", "role_id", "role.id"),
  ]);
  await admin([
    "team",
    "invite",
    "accept",
    ...c,
    "--invite",
    id(invite, "id", "invite_id", "invite.id"),
    "--name",
    "Marta Vidal",
  ]);
  await admin(["team", "invite", "create", ...c, "--email", `oscar@${options.domain}`]);
  const profile = await admin([
    "profile",
    "add",
    ...c,
    "--name",
    "Oficina",
    "--transport",
    "tls",
    "--codecs",
    "opus,PCMA",
    "--dtmf",
    "rfc2833",
    "--srtp",
    "true",
    "--recording",
    "false",
    "--max-calls",
    "4",
  ]);
  await admin(
    [
      "extension",
      "add",
      ...c,
      "--extension",
      "101",
      "--name",
      "Recepción",
      "--sip-domain",
      "pbx.reformas.example",
      "--profile",
      id(profile, "id", "profile_id", "profile.id"),
    ],
    { SIP_EXTENSION_PASSWORD: crypto.randomUUID() },
  );
  const kb = await admin([
    "kb",
    "create",
    ...c,
    "--name",
    "Centro de ayuda",
    "--description",
    "Answers the agent gives callers.",
  ]);
  const kbId = id(kb, "id", "kb_id", "knowledge_base.id");
  for (const [title, body] of [
    ["Horario", "Abrimos de lunes a viernes de 9:00 a 14:00 y de 16:00 a 19:00."],
    ["Garantía", "Todas las reformas tienen dos años de garantía sobre la mano de obra."],
    ["Pagos", "Aceptamos transferencia y pago a plazos en obras de más de 3.000 euros."],
  ])
    await admin(["kb", "document", "add", ...c, "--kb", kbId, "--title", title!, "--body", body!]);
  await admin([
    "number",
    "order",
    ...c,
    "--country",
    "ES",
    "--number-type",
    "toll_free",
    "--setup-price",
    "25",
    "--monthly-price",
    "12",
    "--status",
    "pending_documents",
    "--reason",
    "A copy of the company's tax id is needed.",
  ]);
  await admin(["alert", "create", ...c, "--kind", "low_balance", "--threshold", "20"]);
  await admin([
    "announcement",
    "publish",
    "--title",
    "Bienvenida",
    "--body",
    "Your account is ready: try the API with your key.",
    "--category",
    "news",
    "--audience",
    `companies:${companyId}`,
  ]);

  if (options.fakes?.paperless && options.fakes.paperlessToken)
    await admin(["archive", "connect", ...c, "--url", options.fakes.paperless], {
      PAPERLESS_ARCHIVE_TOKEN: options.fakes.paperlessToken,
    });
  if (options.fakes?.whatsapp) {
    // A number of its own at the fake Graph API, which accepts the demo's token (no secret: only the fake knows it).
    const phoneNumberId = String(100_000_000_000_000 + Math.floor(Math.random() * 899_999_999_999_999));
    await admin(
      [
        "whatsapp",
        "connect",
        ...c,
        "--phone",
        `+3491${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`,
        "--name",
        options.name,
        "--phone-number-id",
        phoneNumberId,
        "--business-account-id",
        "102290129340398",
      ],
      { WHATSAPP_CONNECTION_TOKEN: DEMO_WHATSAPP_ACCESS_TOKEN },
    );
    // A customer writes to it: the fake posts Meta's signed webhook to the server, which opens a conversation.
    await tellFake(options.fakes.whatsapp, "inbound", {
      phone_number_id: phoneNumberId,
      from: customers[3][2],
      name: `${customers[3][0]} ${customers[3][1]}`,
      text: "Hola, ¿pueden pasar a ver un baño esta semana?",
    });
  }

  // The customer's own work, with its key. First its webhook subscription, at the local receiver: every
  // event below is delivered signed, and the delivery log holds a test event's delivery to replay.
  if (options.fakes?.receiver) {
    await api(key, "POST", "/webhooks", { url: demoReceiverUrl(options.fakes.receiver, companyId), events: ["*"] });
    await api(key, "POST", "/webhooks/test", { type: "budget.created" });
  }
  const version = await api(key, "POST", `/agents/${agentId}/versions`, {
    yaml: "base_version: 1\nname: Recepcionista\nlanguage: es-ES\nvoice: es-ES-elena\ngreeting: Hola, gracias por llamar a Reformas. ¿En qué puedo ayudarle?\nprompt: |\n  Eres la recepcionista de la empresa de reformas.\nmax_call_seconds: 600\n",
  });
  await admin(["agent", "publish", ...c, "--agent", agentId, "--version", String(version.number ?? version.version)]);
  const list = await api(key, "POST", "/contact-lists", { name: "Clientes 2026" });
  await api(key, "POST", `/contact-lists/${list.id}/members`, { contact_ids: contactIds });
  const welcome = await api(key, "POST", "/email-templates", {
    name: "Bienvenida",
    subject: "Hola {{first_name}}",
    body: "<p>Hola {{first_name}}, gracias por contar con nosotros.</p>",
  });
  const followUp = await api(key, "POST", "/email-templates", {
    name: "Seguimiento",
    subject: "¿Qué tal su reforma, {{first_name}}?",
    body: "<p>Hola {{first_name}}, ¿le ayudamos con algo más?</p>",
  });
  const sequence = await api(key, "POST", "/sequences", {
    name: "Bienvenida",
    steps: [
      { template_id: welcome.id, delay_days: 0 },
      { template_id: followUp.id, delay_days: 3 },
    ],
  });
  await api(key, "POST", `/sequences/${sequence.id}/enroll`, { contact_ids: contactIds.slice(0, 3) });
  const campaign = await api(key, "POST", "/campaigns", {
    name: "Ofertas de primavera",
    agent_id: agentId,
    template_id: welcome.id,
  });
  await api(key, "POST", `/campaigns/${campaign.id}/lists`, { list_ids: [list.id] });
  await spend(key, "POST", `/campaigns/${campaign.id}/dispatch`, {});
  await api(key, "POST", "/budgets", {
    client_name: "Comunidad Calle Mayor 12",
    client_email: "admin@callemayor12.example",
    items: [
      { concept: "Fachada", units: 1, unit_price: 9800, iva_rate: 21 },
      { concept: "Andamio", units: 3, unit_price: 450, unit_type: "month", iva_rate: 21 },
    ],
  });
  await api(key, "POST", "/email/send", {
    to: "lucia.fernandez@example.com",
    subject: "Su presupuesto",
    body: "Hola Lucía,\n\nLe enviamos el presupuesto de la cocina.\n\nReformas Demo",
  });
  if (toppedUp) await spend(key, "POST", "/calls/dial", { to: customers[1][2], agent_id: agentId });
  await spend(key, "POST", "/sip-trunks", {
    name: "Operador principal",
    host: "sip.carrier.example",
    port: 5060,
    transport: "udp",
    username: "reformas-sip",
    password: `Trunk${crypto.randomUUID()}`,
    caller_id: numberE164,
    channels: 4,
  });
  const hours = [
    { start: "09:00", end: "14:00" },
    { start: "16:00", end: "19:00" },
  ];
  await api(key, "PUT", "/calendar/schedule", {
    time_zone: "Europe/Madrid",
    week: { monday: hours, tuesday: hours, wednesday: hours, thursday: hours, friday: hours },
  });
  await spend(key, "POST", "/agency/subaccounts", {
    name: "Clínica Dental Sonrisa SL",
    plan: "Business",
    owner_email: `owner@sonrisa.${options.domain}`,
  });

  // The voice service's reports of calls the agent handled in the last days (one with a booking).
  const folder = mkdtempSync(join(tmpdir(), "voice-reports-"));
  try {
    for (let n = 0; n < 8; n++) {
      const report = reports[n % reports.length]!;
      const [first, last, phone] = customers[n % customers.length]!;
      const started = nextWorkingHour(options.now - (n + 1) * 86_400_000);
      const seconds = 90 + ((n * 37) % 240);
      const bookingDay = nextWorkingHour(options.now + 2 * 86_400_000);
      const file = join(folder, `${n}.json`);
      writeFileSync(
        file,
        JSON.stringify({
          external_id: `demo-${companyId}-${n}`,
          direction: "inbound",
          agent_id: agentId,
          from: phone,
          to: numberE164,
          started_at: new Date(started).toISOString(),
          answered_at: new Date(started + 5_000).toISOString(),
          ended_at: new Date(started + 5_000 + seconds * 1000).toISOString(),
          duration_seconds: seconds,
          result: "answered",
          summary: report.summary,
          labels: report.labels,
          recado: { caller_name: `${first} ${last}`, message: report.summary },
          qualification: { verdict: report.verdict, score: 40 + ((n * 13) % 60), reason: report.summary },
          ...(n === 2
            ? {
                booking: {
                  title: `Visita: ${first} ${last}`,
                  starts_at: new Date(bookingDay).toISOString(),
                  ends_at: new Date(bookingDay + 45 * 60_000).toISOString(),
                  notes: "Medir la cocina.",
                },
              }
            : {}),
        }),
      );
      await admin(["voice", "report", ...c, "--file", file]);
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return { company_id: companyId, key_id: keyId, api_key: key };
}

/** 10:00 Madrid time (09:00 UTC, close enough in any season) of the working day at or after the instant. */
function nextWorkingHour(at: number): number {
  const day = new Date(at);
  day.setUTCHours(9, 0, 0, 0);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.getTime();
}
